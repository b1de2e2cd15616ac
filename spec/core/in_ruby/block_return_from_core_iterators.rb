def first_over(list, limit)
  list.each { |x| return x if x > limit }
  nil
end

def index_of_big(n)
  n.times { |i| return i if i * i > 10 }
  :none
end

def first_key(limit)
  1.upto(100) { |i| return i if i % limit == 0 }
end

p first_over([1, 5, 9], 4)
p first_over([1], 4)
p index_of_big(10)
p index_of_big(2)
p first_key(7)
