module Named
end

class Person
  include Named
end

class Robot
end

objs = [Person.new, Robot.new, 5, "s", nil]
objs.each do |o|
  puts "#{Named === o} #{Person === o} #{Object === o} #{Integer === o} #{NilClass === o}"
end
p Comparable === 3
p Comparable === "x"
p Kernel === Robot.new
p Class === Robot
p Module === Named
p Class === Named
