sq = ->(x) { x * x }
p sq.call(3)
p sq.(4)
p sq[5]
p sq.yield(6)
p sq === 7
add = proc { |a, b| a + b }
p add.(1, 2)
p add[3, 4]
case 9
when ->(n) { n > 5 } then puts "big"
else puts "small"
end
