# spec: stderr-first-line
def recurse(n)
  recurse(n + 1)
end
puts "before recursion"
recurse(0)
