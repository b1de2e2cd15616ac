Point = Struct.new(:x, :y) do
  def dist2 = x * x + y * y
end
pt = Point.new(3, 4)
p pt.each.to_a, pt.values, pt.size, pt.deconstruct
p pt.each { |v| p v }
p pt.each_pair.to_a
pt.each_pair { |name, value| puts "#{name}=#{value}" }
p pt.select(&:even?), pt.filter { |v| v > 3 }
p pt.map { |v| v * 2 }, pt.sum, pt.sort, pt.include?(4), pt.to_a.reverse
p pt.min, pt.max, pt.each_with_index.to_a
p pt.each
p pt.values_at(1, 0)
p Point.new(1, [2]).dig(:y, 0), Point.new(1, 2).dig(:z), Point.new(1, 2).dig(5), Point.new({a: 1}, 2).dig(:x, :a)
p pt.deconstruct_keys([:x]), pt.deconstruct_keys(nil), pt.deconstruct_keys([:x, :z])
