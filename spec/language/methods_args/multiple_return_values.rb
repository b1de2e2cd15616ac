def minmax(arr)
  return arr.min, arr.max
end

def triple = [1, 2, 3]

lo, hi = minmax([5, 2, 9])
p lo
p hi
p minmax([1])
a, b = triple
p [a, b]
x, *y = triple
p [x, y]
def multi_return(flag)
  return 1, 2 if flag
  return
end
p multi_return(true)
p multi_return(false)
