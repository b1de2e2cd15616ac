r = [1, 2, 3].map do |x|
  if x > 1
    "big #{x}"
  else
    "small"
  end
end
p r
p(proc { 1; 2; 3 }.call)
p(-> {}.call)
p [1, 2].map { |x| }
