p nil
p true
p false
puts nil
puts true
puts false
print nil, true, false, "\n"
p nil.class
p true.class
p false.class
