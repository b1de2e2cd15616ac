# to_enum / enum_for: an Enumerator over any method.
def countdown(from)
  return to_enum(:countdown, from) unless block_given?
  while from > 0
    yield from
    from -= 1
  end
  :liftoff
end
p countdown(3).to_a
p countdown(3).map { |x| x * 10 }
p countdown(2).each { |x| }
p countdown(2)
p [1, 2, 3].enum_for(:each_slice, 2).to_a
p [1, 2, 3].to_enum(:map).each { |x| x + 1 }
o = Object.new
def o.each
  yield :a
  yield :b
end
p o.to_enum.to_a
p o.enum_for(:each).with_index(1).to_a
class Tree
  include Enumerable
  def initialize(*values)
    @values = values
  end

  def each(&block)
    return enum_for(:each) unless block
    @values.each(&block)
    self
  end
end
t = Tree.new(3, 1, 2)
p t.each.sort
p t.map.with_index { |x, i| x * i }
p t.each_slice(2).to_a
