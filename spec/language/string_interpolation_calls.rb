def greet(who)
  "hi #{who}"
end
puts "#{greet("bob")}!"
a = "up"
puts "#{a.upcase} and #{a.length}"
puts "#{[1, "two", :three]}"
puts "#{-7 / 2} #{-7 % 3}"
s = "x#{1}y"
p s
p s.length
