# `nil?` in compiled code is a test of the value, except for a class that
# defines its own `nil?` (or one defined later: the code is invalidated).

def count_nils(list)
  n = 0
  list.each { |x| n += 1 if x.nil? }
  n
end

class Odd
  def nil? = true
end

class Late; end

list = [1, nil, "a", nil, :b, 2.5, [], Odd.new, Late.new]
i = 0
total = 0
while i < 3000
  total += count_nils(list)
  i += 1
end
p total

class Late
  def nil? = true
end
p count_nils(list)
