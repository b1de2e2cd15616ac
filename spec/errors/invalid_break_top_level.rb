puts "before"
while true
  break
end
break
puts "never"
