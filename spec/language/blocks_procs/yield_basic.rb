def twice
  yield
  yield
end

def with_value
  r = yield 5
  "block returned #{r}"
end

twice { puts "hi" }
puts with_value { |x| x * 3 }
p(twice { 1 })
def count_to(n)
  i = 1
  while i <= n
    yield i
    i += 1
  end
  :done
end
p count_to(3) { |i| print i, " " }
