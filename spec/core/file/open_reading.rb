# An open File reads line by line with a cursor.
path = "/tmp/rhizome_spec_#{$$}_lines.txt"
File.write(path, "one\ntwo\n\nfour")
File.open(path) do |f|
  p f.gets, f.lineno, f.gets(chomp: true), f.eof?
  p f.read
  p f.gets, f.read, f.eof?, f.lineno
end
f = File.open(path)
p f.class, f.path.end_with?("_lines.txt"), f.closed?
p f.readline
p f.readlines
begin
  f.readline
rescue EOFError => e
  p e.class, e.message
end
p f.close, f.closed?
count = 0
File.new(path).each_line { |line| count += 1 }
p count
File.delete(path)
