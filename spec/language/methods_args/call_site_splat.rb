def three(a, b, c)
  "#{a}-#{b}-#{c}"
end

args = [1, 2, 3]
puts three(*args)
puts three(0, *[5, 6])
puts three(*[7], 8, *[9])
p [*args, *[4, 5]]
def rest(*r) = r
p rest(*nil)
p rest(*"str")
p rest(*[])
