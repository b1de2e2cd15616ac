# $stdout can be any object with a write method; puts, print and p send
# it the pieces MRI sends.
class Capture
  attr_reader :chunks
  def initialize; @chunks = []; end
  def write(*s); @chunks << s; s.sum { |x| x.to_s.size }; end
end
c = Capture.new
$stdout = c
puts "a", [1, [2]]
puts
print "x", 1
p :sym
$stdout = STDOUT
p c.chunks
[nil, 3, Object.new].each do |bad|
  $stdout = bad
rescue TypeError => e
  p e.message
end
$stderr.puts "to stderr"
STDOUT.puts "out"
p $stdout.write("w1", 2, "\n")
$stdout << "chained " << 3 << "\n"
p $stdout.sync, $stderr.sync, $stdout.fileno, $stderr.fileno, $stdin.fileno
p STDOUT.inspect, STDERR.inspect, STDIN.inspect
p STDIN.read, gets
