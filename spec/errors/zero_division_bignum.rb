big = 2**70
p big
p big / 3
zero = 0
p big / zero
