def label(n)
  n.zero? ? "zero" : n.positive? ? "positive" : "negative"
end

p [0, 3, -3].map { |n| label(n) }
out = []
3.times do |i|
  out << (i.even? ? (i == 0 ? :first_even : :even) : :odd)
end
p out
