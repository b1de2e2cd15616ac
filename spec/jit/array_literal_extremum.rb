# `[a, b].max` and `.min` of an Array literal make no Array while the core
# methods stand (MRI's opt_newarray_max/min): compiled code picks among
# fixnums inline, other values compare as MRI orders them (element <=> best,
# so the error names the element first), and a literal of static values
# only is an Array whose method runs (best <=> element).
def big(a, b) = [a, b].max
def small(a, b, c) = [a, b, c].min
t = 0
5000.times { |i| t += big(i, 2500) - small(i, 100, 3000 - i) }
p t
p big(1.5, 2), small("b", "a", "c"), big(2**70, 3), small(-2**70, 3, 4)
p big(nil, nil), small(:b, :a, :c), big(-0.0, 0)
begin
  big(1, "x")
rescue ArgumentError => e
  p e.message, e.backtrace
end
begin
  small(2, 1, "x")
rescue ArgumentError => e
  p e.message
end
begin
  [1, :a].max
rescue ArgumentError => e
  p e.message
end
begin
  x = 1
  [x, :a].max
rescue ArgumentError => e
  p e.message
end
class Version
  include Comparable
  attr_reader :n
  def initialize(n) = @n = n
  def <=>(other) = n <=> other.n
  def inspect = "v#{n}"
end
p [Version.new(3), Version.new(5), Version.new(4)].max
p [Version.new(3), Version.new(5), Version.new(4)].min
class Array
  def max = :redefined
end
p big(1, 2), small(3, 2, 1)
