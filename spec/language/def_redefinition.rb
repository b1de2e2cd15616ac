def which
  "first"
end
p which
def which
  "second"
end
p which
def which(a)
  "third #{a}"
end
p which(1)
