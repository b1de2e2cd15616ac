# is_a? and kind_of? at send sites that keep their method in a line, while
# ancestries change, arguments change, and classes define their own.

module Tagged; end
class Item; end
class Special < Item; end

def kind(x, m)
  x.is_a?(m)
end

def kind2(x, m)
  x.kind_of?(m)
end

item = Item.new
p 3.times.map { [kind(item, Item), kind(item, Special), kind(item, Tagged), kind2(item, Object)] }.uniq
class Item
  include Tagged
end
p kind(item, Tagged), kind2(Special.new, Tagged), kind(3, Integer), kind(3, Comparable), kind(nil, NilClass)
begin
  kind(item, :not_a_class)
rescue TypeError => e
  puts e.message
end
class Special
  def is_a?(m)
    :special
  end
end
p kind(Special.new, Item), kind(item, Item), kind2(Special.new, Item)
o = Object.new
o.extend(Tagged)
p kind(o, Tagged), kind(Object.new, Tagged)
