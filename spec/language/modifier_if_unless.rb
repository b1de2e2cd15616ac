x = 5
puts "five" if x == 5
puts "not six" unless x == 6
puts "never" if x == 6
puts "never" unless x == 5
a = (10 if true)
p a
b = (10 if false)
p b
c = (20 unless false)
p c
def check(n)
  return "neg" if n < 0
  return "zero" unless n != 0
  "pos"
end
p check(-1)
p check(0)
p check(1)
