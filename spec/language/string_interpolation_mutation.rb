s = "abc"
t = "#{s}"
t << "d"
p s
p t
u = s
u << "!"
p s
n = 5
m = "n=#{n}"
n = 6
p m
