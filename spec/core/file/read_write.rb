# Writing a file, reading it back whole, by lines, and appending.
path = "/tmp/rhizome_spec_#{$$}_rw.txt"
p File.write(path, "alpha\nbeta\ngamma\n")
p File.read(path)
p File.readlines(path)
p File.readlines(path, chomp: true)
p File.exist?(path), File.file?(path), File.directory?(path), File.size(path)
File.open(path, "a") do |f|
  f.puts "delta", [1, [2]]
  f.print "x", :y, 3
  f << "z" << 4 << "\n"
  p f.write("w", 5, "\n")
end
puts File.read(path)
File.foreach(path) { |line| print line.upcase }
lengths = []
File.foreach(path, chomp: true) { |line| lengths << line.size }
p lengths
File.open(path, "w") { |f| f.write("replaced") }
p File.read(path)
p File.delete(path), File.exist?(path)
