# File.open with a block returns the block's value and always closes the
# file, also when the block raises or breaks.
path = "/tmp/rhizome_spec_#{$$}_block.txt"
kept = nil
result = File.open(path, "w") { |f| kept = f; f.puts "hi"; :done }
p result, kept.closed?
begin
  File.open(path) { |f| kept = f; raise ArgumentError, "inside" }
rescue ArgumentError => e
  p e.message, kept.closed?
end
value = [1, 2].each do |i|
  break File.open(path) { |f| kept = f; break f.read * i }
end
p value, kept.closed?
def first_line(path)
  File.open(path) { |f| return f.gets }
end
p first_line(path)
begin
  kept.read
rescue IOError => e
  p e.message
end
p kept.inspect.end_with?("(closed)>")
File.delete(path)
