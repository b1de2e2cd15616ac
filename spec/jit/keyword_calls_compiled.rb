# Calls with literal keywords in compiled code: the keywords go straight
# into the callee's slots (inlined, or a direct call), optional ones not
# given run their defaults, and `Foo.new(k: v)` allocates in compiled code.
# A receiver of another class, a redefined callee and a constant reassigned
# at the top level each leave the compiled code and keep MRI's results.

class Box
  attr_reader :width, :height, :depth

  def initialize(width:, height: width * 2, depth: (@defaulted = true; 1))
    @width = width
    @height = height
    @depth = depth
  end

  def defaulted? = @defaulted == true

  def volume(scale: 1, offset: 0) = (@width * @height * @depth * scale) + offset
end

class Crate < Box
  def volume(scale: 1, offset: 0) = super * 10
end

def area(width:, height:, **nothing) = width * height
def corner(x, y = 0, label: "c", shout: false) = "#{label}#{shout ? "!" : ""}(#{x},#{y})"

def run(n, every)
  sum = 0
  labels = []
  i = 0
  while i < n
    box = i % every == every - 1 ? Crate.new(width: 2) : Box.new(depth: 3, width: i & 3)
    sum += box.volume(offset: 1) + box.volume(scale: 2)
    sum += 1 if box.defaulted?
    sum += area(height: i & 7, width: 2)
    labels << corner(i, label: "p") if i % 500 == 0
    labels << corner(i, 1, shout: true) if i % 700 == 0
    i += 1
  end
  [sum, labels]
end

p run(3000, 1000)
p run(3000, 7)

# The callee redefined while compiled code calls it.
class Box
  def volume(scale: 1, offset: 0) = -offset * scale
end
p run(2000, 1000)

LIMIT = 3
def limited(n)
  total = 0
  n.times { |i| total += [i, LIMIT].min }
  total
end
total = 0
3000.times do |i|
  if i == 1500
    Object.send(:remove_const, :LIMIT)
    Object.const_set(:LIMIT, 5)
  end
  total += LIMIT
end
p total
p limited(10)
