a = [1, 2, 3]
p a.values_at(1..5), a.values_at(5..6), a.values_at(-1, 0, 9), a.values_at(1..), a.values_at(-2..-1)
p a.values_at(0, 2, 0), a.values_at, a.values_at(1...2), a.values_at(4..5)
begin
  a.values_at(-5..1)
rescue RangeError => e
  p e.message
end
p [1, 2, 3].fill(0), [1, 2, 3].fill(9, 1), [1, 2, 3].fill(9, 1, 1), [1, 2, 3].fill(7, 5, 1)
p [1, 2, 3].fill { |i| i * i }, [1, 2, 3].fill(2) { |i| -i }, [1, 2, 3].fill(8, 1..1), [1, 2, 3].fill(-1) { 0 }
p [1, 2, 3].fill(5, -2), [1, 2, 3].fill(4, -9), [].fill(1, 0, 3), [1, 2].fill(0, 1..), [1, 2, 3].fill(6, 0...2)
begin
  [1].fill
rescue ArgumentError => e
  p e.message
end
begin
  [1].freeze.fill(0)
rescue FrozenError => e
  p e.message
end
