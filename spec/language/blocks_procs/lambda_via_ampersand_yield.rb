def yield_pair
  yield [1, 2]
end

def yield_two
  yield 1, 2
end

pr = proc { |a, b| "proc #{a} #{b}" }
l = ->(a, b) { "lambda #{a} #{b}" }
p yield_pair(&pr)
p yield_two(&pr)
p yield_two(&l)
begin
  p yield_pair(&l)
rescue ArgumentError => e
  p e.message
end
