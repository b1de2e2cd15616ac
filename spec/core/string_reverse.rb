p "hello".reverse
p "".reverse
p "a".reverse
p "ab cd".reverse
p "héllo".reverse
p "racecar".reverse == "racecar"
s = "abc"
s.reverse
p s
