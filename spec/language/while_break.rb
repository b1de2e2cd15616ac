i = 0
while true
  i = i + 1
  break if i == 5
end
p i
r = while true
  break
end
p r
r = while true
  break 42
end
p r
n = 0
r = while n < 10
  n = n + 1
  break "found #{n}" if n * n > 20
end
p r
r = until false
  break :sym
end
p r
