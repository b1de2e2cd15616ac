def value
  1
  2
  3
end
p value
def cond(x)
  if x
    "yes"
  else
    "no"
  end
end
p cond(true)
p cond(nil)
def empty_method
end
p empty_method
def only_assign
  y = 42
end
p only_assign
