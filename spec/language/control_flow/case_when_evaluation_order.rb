def t(x)
  puts "test #{x}"
  x
end

case 3
when t(1), t(2)
  puts "no"
when t(3), t(4)
  puts "matched 3"
when t(5)
  puts "no"
end
