counter = 10
p counter
counter = counter + 1
p counter
p countr
