def ends(first, *middle, last)
  "first=#{first} middle=#{middle.inspect} last=#{last}"
end

puts ends(1, 2)
puts ends(1, 2, 3)
puts ends(1, 2, 3, 4, 5)
def opt_post(a, b = :b, c)
  [a, b, c]
end
p opt_post(1, 2)
p opt_post(1, 2, 3)
def full(a, b = :b, *c, d, e)
  [a, b, c, d, e]
end
p full(1, 2, 3)
p full(1, 2, 3, 4)
p full(1, 2, 3, 4, 5, 6)
