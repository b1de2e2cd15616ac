# Array#sample(n): MRI special-cases 1, 2 and 3 elements, then up to ten
# draws mapped to distinct positions.
r = Random.new(2)
a = (1..20).to_a
(0..12).each { |n| p a.sample(n, random: r) }
p a.sample(25, random: r).sort == a
p [1, 2, 3].sample(5, random: r).size
p [].sample(3, random: r)
p a.sample(2.9, random: r)
begin
  a.sample(-1)
rescue ArgumentError => e
  p e.message
end
