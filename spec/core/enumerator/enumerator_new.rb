# Enumerator.new: the block gets a yielder; << and yield pass values on.
fib = Enumerator.new do |y|
  a, b = 0, 1
  loop do
    y << a
    a, b = b, a + b
  end
end
p fib.first(10)
p fib.take(5)
p fib.find { |x| x > 50 }
p fib.each_with_index.first(3)
e = Enumerator.new { |y| y << 1 << 2; y.yield 3, 4; :done }
p e.to_a
p e.each { |x| }
e.each { |*xs| p xs }
p e.map { |x| x }
squares = Enumerator.new(3) { |y| 3.times { |i| y.yield i * i } }
p squares.size, squares.to_a
p squares.with_index.to_a
begin
  Enumerator.new
rescue ArgumentError => error
  p error.message
end
