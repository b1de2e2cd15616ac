# `SomeStruct.new(...)` in compiled code stores the members straight into
# the new object (Struct#initialize built as stores): fewer arguments leave
# members nil, more raise, and Structs with keywords, more members than an
# object embeds, or their own `initialize` still construct as MRI does.

Pair = Struct.new(:left, :right)
Wide = Struct.new(:a, :b, :c, :d, :e)
Keyed = Struct.new(:x, :y, keyword_init: true)
class Point < Struct.new(:x, :y)
  def initialize(x, y = x * 2)
    super
  end

  def norm1 = x.abs + y.abs
end
class Labelled < Struct.new(:name, :count)
  def to_s = "#{name}x#{count}"
end

def build(i)
  [Pair.new(i, i + 1), Pair.new(i), Wide.new(i, i, i, i, i * 2), Wide.new(i),
   Keyed.new(x: i, y: -i), Point.new(i), Point.new(i, -i), Labelled.new("n", i)]
end

total = 0
last = nil
3000.times do |i|
  last = build(i)
  pair, half, wide, short, keyed, p1, p2, labelled = last
  total += pair.left + pair.right + (half.right.nil? ? 1 : 0)
  total += wide.e + wide.a + (short.b.nil? ? 1 : 0)
  total += keyed.x - keyed.y + p1.norm1 + p2.norm1 + labelled.count
end
p total
last.each { |s| p s }
puts last.last
p Wide.new(1, 2, 3, 4, 5).to_a, Wide.new(1, 2).to_a
p Pair.new(1, 2) == Pair.new(1, 2), Pair.new(1, 2).eql?(Pair.new(1, 2.0))

def too_many(i) = Pair.new(i, i, i)
begin
  2000.times { |i| too_many(i) if i == 1999 }
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
  puts e.backtrace.first[/in `.*'/]
end
begin
  Keyed.new(1, 2)
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end

frozen = 0
2000.times do |i|
  s = Pair.new(i, i)
  s.freeze if i.odd?
  begin
    s.left = 0
  rescue FrozenError
    frozen += 1
  end
end
p frozen

odd = even = zero = 0
(-1500..1500).each do |i|
  odd += 1 if i.odd?
  even += 1 if i.even?
  zero += 1 if i.zero?
end
p [odd, even, zero]
big = 2**64
p [big.odd?, big.even?, (big + 1).odd?, big.zero?, (big - big).zero?]
p [(-7).odd?, (-8).even?, 0.even?, 0.odd?, -0.zero?]

# Defining `initialize` for the Struct class retires code that stored the
# members itself.
Swapped = Struct.new(:a, :b)
def make_swapped(i) = Swapped.new(i, i * 2)
s = 0
3000.times { |i| s += make_swapped(i).b }
p s
class Swapped
  def initialize(a, b)
    super(b, a)
  end
end
p make_swapped(5)
# spec: skip-mode gc-stress 2.6 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
