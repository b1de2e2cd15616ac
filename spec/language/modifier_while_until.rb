i = 0
i = i + 1 while i < 10
p i
j = 100
j = j - 7 until j < 50
p j
k = 0
puts k = k + 1 while k < 3
n = 5
n = n - 1 while false
p n
r = (n = n + 1 while n < 8)
p r
p n
