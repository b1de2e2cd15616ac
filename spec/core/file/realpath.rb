# File.realpath: the absolute path with `.`, `..` and links resolved; a
# relative path is taken from the directory given, else the current one.
dir = "/tmp/rhizome_spec_#{$$}_realpath"
Dir.mkdir(dir)
Dir.mkdir("#{dir}/sub")
File.write("#{dir}/sub/file.txt", "x")
p File.realpath("#{dir}/sub/../sub/./file.txt") == "#{dir}/sub/file.txt"
p File.realpath("sub/file.txt", dir) == "#{dir}/sub/file.txt"
p File.realpath("file.txt", "#{dir}/sub") == "#{dir}/sub/file.txt"
Dir.chdir(dir) { p File.realpath("sub") == "#{dir}/sub" }
p File.realpath("/") 
begin
  File.realpath("#{dir}/missing")
rescue SystemCallError => e
  p e.class, e.message.sub(dir, "DIR")
end
begin
  File.realpath("missing", dir)
rescue Errno::ENOENT => e
  p e.message.sub(dir, "DIR")
end
begin
  File.realpath(12)
rescue TypeError => e
  p e.message
end
File.delete("#{dir}/sub/file.txt")
Dir.rmdir("#{dir}/sub")
Dir.rmdir(dir)
