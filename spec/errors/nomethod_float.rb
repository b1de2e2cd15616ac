f = 2.5
p f
p f.floor
p f.class
f.upcase
