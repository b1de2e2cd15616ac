def transform(items)
  out = []
  for item in items
    out << yield(item)
  end
  out
end

p transform([1, 2, 3]) { |x| x * x }
p transform(%w[a b]) { |s| s.upcase }
p transform([]) { |x| raise "never" }
