# Enumerator#size: computed lazily from the receiver, nil when unknown.
p [1, 2, 3].each.size
p [1, 2, 3, 4, 5].each_slice(2).size
p [1, 2, 3, 4, 5].each_cons(2).size
p [1].each_cons(3).size
p 5.times.size
p(-2.times.size)
p 1.upto(4).size
p 4.upto(1).size
p 4.downto(1).size
p({a: 1, b: 2}.each.size)
p (1..10).each.size
p loop.size
p [1, 2].find.size
p "héllo".each_char.size
p "héllo".each_byte.size
p [1, 2].to_enum.size
p [1, 2].to_enum(:each) { 42 }.size
p Enumerator.new(7) { |y| }.size
p Enumerator.new { |y| }.size
class Bag
  include Enumerable
  def each
    yield 1
    yield 2
  end
end
p Bag.new.map.size
p Bag.new.each_slice(1).size
