items = [1, 2, 3, 0, 4]
results = []
items.each do |i|
  begin
    results << 12 / i
  rescue ZeroDivisionError
    results << :skip
    next
  end
end
p results
errors = 0
3.times do
  begin
    raise IOError, "io" if errors < 2
  rescue IOError
    errors += 1
    retry
  end
end
p errors
