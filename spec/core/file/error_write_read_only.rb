File.open("error_write_read_only.rb") do |f|
  f.write("x")
end
