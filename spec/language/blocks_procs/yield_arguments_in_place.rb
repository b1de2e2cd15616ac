# `yield` of values a block takes as they are leaves them on the value
# stack as its arguments: what lies below them (the caller's operands),
# errors, `break`, `next`, lambdas and deep recursion must all behave as
# when the values are copied.

def one(a) = yield(a)
def two(a, b) = yield(a, b)
def three(a, b, c) = yield(a, b, c)

# Operands below the yield's arguments survive it.
p [10, one(1) { |x| x + 1 }, 30]
p [10, two(1, 2) { |x, y| [x, y] }, 30]
p [:a, three(1, 2, 3) { |x, y, z| x * 100 + y * 10 + z }, :b]
p(1 + one(2) { |x| x * 3 } + 4)

# A yield in the middle of an expression inside the method.
def around(v)
  [:before, yield(v, v + 1), :after]
end
p around(5) { |a, b| a * b }

# next and break.
p(one(4) { |x| next x * 2 })
p(two(1, 2) { |x, y| break :broke if x < y; :no })
p [0, (two(3, 4) { |x, y| break x + y }), 9]

# An exception inside the block, rescued by the caller of the yielding method.
def rescued
  [1, two(1, 0) { |a, b| a / b }, 3]
rescue ZeroDivisionError => e
  [:rescued, e.message]
end
p rescued

# Blocks that do not take the values as they are: the general way.
p(one([1, 2]) { |a, b| [a, b] })
p(one([1, 2]) { |a| a })
p(two(1, 2) { |a| a })
p(one(1) { |a, b| [a, b] })
p(two(1, 2) { |*rest| rest })
p(three(1, 2, 3) { |a, b = :d, *c| [a, b, c] })

# Lambdas passed as blocks are strict about arity.
l2 = ->(a, b) { a - b }
p two(9, 4, &l2)
begin
  one(1, &l2)
rescue ArgumentError => e
  p e.message
end

# Yields nested in yields.
p(two(1, 2) { |a, b| one(a + b) { |c| three(a, b, c) { |x, y, z| [x, y, z] } } })

# Deep recursion through yield raises SystemStackError.
def deep(n) = one(n) { |m| deep(m + 1) }
begin
  deep(0)
rescue SystemStackError => e
  p e.class
end
