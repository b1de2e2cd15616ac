def apply(x)
  yield x
end

doubler = proc { |n| n * 2 }
p apply(4, &doubler)
p apply("hi", &:upcase)
p apply(5, &->(n) { n - 1 })
def collect(&b) = b
p collect(&nil)
