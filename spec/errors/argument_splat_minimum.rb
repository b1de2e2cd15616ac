def at_least_two(a, b, *rest)
  rest
end

p at_least_two(1, 2, 3)
at_least_two(1)
