# A split (a per-call-site copy of a method, made by call-target
# splitting) is invisible to Ruby code: its frames have the original's
# name in backtraces, __method__ and caller, and it raises as the
# original does.
class Shape
  def describe(x)
    check(x)
    [__method__, x + x, caller(0, 2).map { |line| line[/`.*'/] }]
  end

  def check(x)
    raise ArgumentError, "negative" if x.is_a?(Integer) && x < 0
  end
end

def describe_number(shape, n) = shape.describe(n)
def describe_text(shape, s) = shape.describe(s)

shape = Shape.new
results = []
1500.times do |i|
  results = [describe_number(shape, i), describe_text(shape, "ab")]
end
p results
begin
  describe_number(shape, -1)
rescue ArgumentError => e
  p e.message
  puts e.backtrace.first(4).map { |line| line.sub(/^.*?:\d+:/, "") }
end
p Shape.instance_method(:describe).owner
