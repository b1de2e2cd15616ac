i = 0
r = while i < 3
  i = i + 1
end
p r
r2 = until i == 0
  i = i - 1
end
p r2
p(while false do end)
def loop_result
  k = 0
  while k < 2
    k = k + 1
  end
end
p loop_result
