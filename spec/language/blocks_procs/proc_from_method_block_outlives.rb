def make(prefix)
  proc { |x| "#{prefix}-#{x}" }
end

a = make("a")
b = make("b")
p a.call(1)
p b.call(2)
p [3, 4].map(&a)
def with_state
  items = []
  adder = ->(x) { items << x; items.length }
  [adder, -> { items }]
end
add, list = with_state
add.(1)
add.(2)
p list.()
