i = 0
while i < 20
  puts "line #{i}"
  i = i + 1
end
print "partial line without newline"
nil.explode
