a = [3, 1, 4, 1, 5, 9, 2, 6]
i = 0
i += 1 while i < a.length && a[i] != 5
p i
j = a.length - 1
j -= 1 until j < 0 || a[j] == 1
p j
found = nil
k = 0
while (v = a[k])
  if v > 4
    found = v
    break
  end
  k += 1
end
p [found, k]
