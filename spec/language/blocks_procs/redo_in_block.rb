attempts = 0
seen = []
[1, 2, 3].each do |x|
  attempts += 1
  seen << x
  redo if x == 2 && attempts < 4
end
p seen
p attempts
i = 0
tries = 0
while i < 2
  tries += 1
  i += 1
  redo if tries == 1
end
p [i, tries]
