p (1..3).to_a, (1...3).to_a, (1..10).sum, ('a'..'e').to_a
r = 1..5
p r, r.include?(3), r === 6, r.size, (1...5).size
case 7
when 1..5 then p :low
when 6..10 then p :high
end
for i in 1..3
  print i
end
puts
p (1..).first, (..5), (1.0..2.0).include?(1.5), ('a'..'c') == ('a'..'c')
r2 = (1..4).map { |x| x * x }
p r2, (1..6).select { |x| x.even? }
