# loop ends on StopIteration and answers its result.
r = loop do
  raise StopIteration
end
p r
i = 0
r = loop do
  i += 1
  break i * 10 if i == 3
end
p r
e = StopIteration.new("finished")
p e.result
p loop { raise StopIteration, "x" }
p loop.class
p loop.first(0)
