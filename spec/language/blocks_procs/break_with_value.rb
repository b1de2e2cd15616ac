r = [1, 2, 3, 4].each do |x|
  break x * 100 if x == 3
end
p r
def yielder
  puts "start"
  yield
  puts "never printed"
  :normal
end
v = yielder { break :broke }
p v
w = [1, 2].each { |x| x }
p w
p(loop { break })
