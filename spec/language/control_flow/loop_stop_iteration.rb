count = 0
r = loop do
  count += 1
  raise StopIteration if count == 3
end
p r
p count
e = StopIteration.new("done")
p e.result
p(loop { raise e })
