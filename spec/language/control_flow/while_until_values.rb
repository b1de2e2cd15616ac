i = 0
r = while i < 3
  i += 1
end
p r
r2 = while true
  break "broke out"
end
p r2
j = 0
r3 = until j == 5
  j += 1
  break j if j == 3
end
p r3
p(while false do end)
