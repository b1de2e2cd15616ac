r = [1, 2, 3, 4].map do |x|
  next 0 if x.odd?
  x * 10
end
p r
def collect
  results = []
  results << yield(1)
  results << yield(2)
  results
end
p(collect { |v| next "skip #{v}" if v == 1; "use #{v}" })
p(collect { next })
