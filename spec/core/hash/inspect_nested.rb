# inspect/to_s/p of Hashes: keys and values by their own inspect.
h = { :a => 1, "b" => [1, 2], 3 => { nested: nil }, [4] => 5.0, nil => true, :"odd key" => :"x y" }
p h
puts h.inspect
puts h.to_s
puts "config: #{h}"
p({})
p({ {} => [] })
p({ "quote\"d" => "tab\t" })
p Hash.new { |hash, key| key }
class Point
  def initialize(x, y)
    @x, @y = x, y
  end

  def inspect
    "(#{@x}, #{@y})"
  end
end
p({ Point.new(1, 2) => Point.new(3, 4) })
class Registry < Hash; end
r = Registry.new
r[:k] = :v
p r, r.class
print h, "\n"
puts [h].inspect
