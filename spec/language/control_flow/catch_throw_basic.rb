r = catch(:found) do
  [[1, 2], [3, 4], [5, 6]].each do |row|
    row.each do |v|
      throw :found, v if v > 3
    end
  end
  :not_found
end
p r
r2 = catch(:x) { 42 }
p r2
r3 = catch(:y) { throw :y }
p r3
