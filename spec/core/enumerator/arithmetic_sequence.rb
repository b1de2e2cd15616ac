# step without a block: an ArithmeticSequence.
p 1.step(10, 3)
p (1..10).step(2)
p 1.0.step(2.0, 0.5)
p (1..10).step(3).to_a
p 1.step(10, 3).size
p 10.step(1, -3).size, 10.step(1, -3).to_a
s = 1.step(10, 3)
p s.begin, s.end, s.step, s.exclude_end?
p (1...10).step(3).exclude_end?
p (1..).step(2).size
p 1.step.size
p s.first(2), s.last
p (1..10).step(3) == (1..10).step(3)
p s.map { |x| x * 2 }
p ((1..10) % 3).to_a
p 1.0.step(2.0, 0.5).to_a
p s.class
p s.is_a?(Enumerator)
