# yield to blocks with optional, rest and post parameters, as many values
# as they take or not: the values laid out in the parameters' slots.
def y0; yield; end
def y1; yield 1; end
def y2; yield 1, 2; end
def y4; yield 1, 2, 3, 4; end
def ya; yield [5, 6, 7]; end

p y0 { |*xs| xs }
p y1 { |*xs| xs }
p y4 { |*xs| xs }
p ya { |*xs| xs }
p y1 { |a, b = :d| [a, b] }
p y2 { |a, b = :d| [a, b] }
p y4 { |a, b = :d| [a, b] }
p ya { |a, b = :d| [a, b] }
p y2 { |a, *r, z| [a, r, z] }
p y4 { |a, *r, z| [a, r, z] }
p y1 { |a, *r, z| [a, r, z] }
p y0 { |a = 1, *r| [a, r] }
p y4 { |a, (b, c), *r| [a, b, c, r] }
p y2 { |a, (b, c), d| [a, b, c, d] }
l = ->(a, b = :d) { [a, b] }
p y1(&l), y2(&l)
begin
  y4(&l)
rescue ArgumentError => e
  puts e.message
end
r = ->(*xs) { xs }
p y0(&r), y4(&r), ya(&r)
def each_twice; yield 1; yield 2, 3; end
acc = []
each_twice { |*xs| acc << xs }
p acc
p [[1, 2], [3, 4]].each_slice(1).map { |*xs| xs }
p({a: 1, b: 2}.find { |*kv| kv[0] == [:b, 2] })
