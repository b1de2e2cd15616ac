p "abc" == "abc"
p "abc" == "abd"
p "abc" != "abd"
p "abc" != "abc"
p "a" == :a
p "1" == 1
p "" == ""
a = "same"
b = "same"
p a == b
p a.equal?(b)
p a.equal?(a)
