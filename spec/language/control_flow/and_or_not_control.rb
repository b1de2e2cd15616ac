def check(x)
  x > 2 or return "too small"
  x < 10 and return "in range"
  "too big"
end

p check(1)
p check(5)
p check(20)
r = nil
r = (false or "fallback")
p r
p((not true))
p(!nil)
q = true && false || :alt
p q
