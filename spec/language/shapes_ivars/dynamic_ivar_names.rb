class Bag
end

b = Bag.new
10.times do |i|
  b.instance_variable_set("@slot#{i * 3 % 10}", i)
end
p b.instance_variables
p b.instance_variables.map { |n| b.instance_variable_get(n) }
c = Bag.new
c.instance_variable_set(:@slot0, "x")
p c.instance_variables
