def outer
  r = inner { |x| yield x }
  "outer got #{r.inspect}"
end

def inner
  yield 1
  yield 2
  :inner_done
end

p(outer { |x| x })
p(outer { |x| break "broke at #{x}" if x == 2 })
p(outer { |x| next x })
