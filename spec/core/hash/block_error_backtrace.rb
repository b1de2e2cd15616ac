# An error in a block given to a Hash method: the backtrace shows the
# methods MRI shows (each under Enumerable methods, select alone).
def check(h)
  h.select { |k, v| v > 0 }
  h.map { |k, v| v.upcase }
end
check({ a: 1 })
