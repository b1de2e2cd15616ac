p 1.0 / 0
p -1.0 / 0
p 0.0 / 0.0
puts 1.0 / 0
puts 0.0 / 0.0
inf = 1.0 / 0
nan = 0.0 / 0.0
p inf + 1
p inf - inf
p -inf
p inf > 10**100
p nan == nan
p nan != nan
p nan < 1
p nan > 1
p inf == inf
p 1 / inf
p -1 / inf
