Opt = Struct.new(:name, :level, keyword_init: true)
o = Opt.new(name: "x", level: 3)
p o
p o.name
p o.to_a
Coord = Struct.new(:lat, :lng)
c = Coord.new(1, 2)
p c.eql?(Coord.new(1, 2))
p c.members
p c.size
