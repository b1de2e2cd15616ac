def classify(list)
  return :empty if list.length == 0
  list.each do |x|
    return :has_nil if x.nil?
  end
  total = 0
  for v in list
    next if v < 0
    break if v > 100
    total += v
  end
  total
end

p classify([])
p classify([1, nil])
p classify([1, -5, 2, 500, 3])
