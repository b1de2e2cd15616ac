p 5.abs
p -5.abs
p 0.abs
p (-(2**70)).abs
p 0.zero?
p 1.zero?
p (2**64).zero?
p 4.even?
p 4.odd?
p -3.odd?
p -3.even?
p 0.even?
p (2**64).even?
p (2**64 + 1).odd?
