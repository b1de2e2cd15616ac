def one(a) = a
def range(a, b = 1) = a
def splat(a, *b) = a
def kw(a:, b:) = a
def kw_opt(c: 1) = c
tests = [
  -> { one },
  -> { one(1, 2) },
  -> { range },
  -> { range(1, 2, 3) },
  -> { splat },
  -> { kw },
  -> { kw(a: 1) },
  -> { kw(a: 1, b: 2, c: 3) },
  -> { kw_opt(d: 1, e: 2) },
  -> { kw_opt(1) },
]
tests.each do |t|
  t.call
rescue ArgumentError => e
  puts e.message
end
