def risky(i)
  10 / (3 - i)
end
i = 0
while i < 5
  p risky(i)
  i = i + 1
end
