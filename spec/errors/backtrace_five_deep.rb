def level5(n)
  n / 0
end
def level4(n)
  level5(n) + 1
end
def level3(n)
  level4(n)
end
def level2(n)
  x = level3(n)
  x
end
def level1(n)
  level2(n)
end
p "start"
level1(7)
