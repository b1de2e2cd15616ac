name = nil
puts "hello"
puts "name: #{name}."
puts "inspected: #{name.inspect}"
puts "name is #{name.upcase}"
