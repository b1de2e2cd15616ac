def fizz(n)
  case
  when n % 15 == 0 then "FizzBuzz"
  when n % 3 == 0 then "Fizz"
  when n % 5 == 0 then "Buzz"
  else n.to_s
  end
end

out = []
1.upto(15) { |n| out << fizz(n) }
puts out.join(" ")
x = nil
r = case
    when x then "truthy"
    when x.nil? then "nil"
    end
p r
