def first_even_over(n, limit)
  i = n
  while i < limit
    return i if i.even?
    i = i + 1
  end
  "none"
end
p first_even_over(3, 10)
p first_even_over(9, 10)
def guard(x)
  return "nil given" if x.nil?
  return "empty" if x.empty?
  "got #{x}"
end
p guard(nil)
p guard("")
p guard("abc")
def after_return
  return 1
  puts "unreachable"
end
p after_return
