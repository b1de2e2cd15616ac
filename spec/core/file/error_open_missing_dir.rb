# File.open for writing in a missing directory: the report names
# initialize, then open.
File.open("no_such_directory_for_rhizome/out.txt", "w") do |f|
  f.puts "not reached"
end
