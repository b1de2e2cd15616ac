l1 = lambda { |x| x * 2 }
l2 = ->(x) { x * 3 }
l3 = -> x, y { x + y }
l4 = -> { "no args" }
l5 = lambda do |a, b = 10|
  a + b
end
p l1.call(1)
p l2.call(1)
p l3.call(1, 2)
p l4.call
p l5.call(1)
p l5.call(1, 1)
p [l1, l2, l3, l4, l5].map(&:lambda?)
p l2.class
