# encoding: nonsense
p 1
