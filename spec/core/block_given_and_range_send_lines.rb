# block_given? and Range's begin/end/exclude_end? at send sites that keep
# their method in a send line, while blocks, classes and methods change.

def given?
  block_given?
end

def twice
  [block_given?, yield(1)]
end

results = []
6.times do |i|
  results << (i.even? ? given? { } : given?)
end
p results

def in_block
  [1, 2].map { |x| block_given? ? yield(x) : -x }
end
p in_block, in_block { |x| x * 10 }
p twice { |x| x + 1 }

class Probe
  def check
    block_given?
  end

  def via_send
    send(:block_given?)
  end
end
probe = Probe.new
p 3.times.map { probe.check }, probe.check { }, probe.via_send { }, probe.via_send

# A class that defines its own block_given?.
class Liar
  def block_given?
    :liar
  end

  def check
    block_given?
  end
end
p Liar.new.check, probe.check { }

# Ranges: the first one made, literal ones, computed ones, a subclass.
def parts(r)
  [r.begin, r.end, r.exclude_end?]
end
first = (1..2)
list = [first, (0...3), (5..), ("a".."c"), (1.5...2.5)]
3.times { list.each { |r| p parts(r) } }
class MyRange < Range
  def begin
    :mine
  end
end
p parts(MyRange.new(1, 4, true)), parts(1..4)
total = 0
200.times { |i| (0...(i % 4)).each { |j| total += j } }
p total
