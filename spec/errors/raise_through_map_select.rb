def transform(list)
  list.map { |x| x * 2 }.select do |y|
    raise ZeroDivisionError, "cannot keep #{y}" if y > 4
    true
  end
end

p transform([1, 2])
transform([1, 2, 3])
