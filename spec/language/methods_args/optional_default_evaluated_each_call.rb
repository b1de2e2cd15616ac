def append(x, list = [])
  list << x
  list
end

p append(1)
p append(2)
$calls = 0
def stamp(v = ($calls += 1))
  v
end
p stamp
p stamp
p stamp(:given)
p $calls
