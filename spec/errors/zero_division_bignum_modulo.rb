big = 2**70
p big % 3
p big % 1000
puts "modulo zero"
p big % 0
