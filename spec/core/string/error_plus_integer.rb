x = "a" + 1
p x
