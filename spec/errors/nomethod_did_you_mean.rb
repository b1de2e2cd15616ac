s = "hello"
puts s.length
puts s.upcase
puts s.reverse
puts s.lenght
