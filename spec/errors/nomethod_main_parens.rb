def bar
  "bar"
end
puts bar()
puts "calling foo"
foo()
puts "never"
