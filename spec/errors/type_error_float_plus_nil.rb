f = 1.5
p f + 1
p f + 0.25
g = nil
p f + g
