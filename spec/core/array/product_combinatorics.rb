p [1, 2].product([3, 4]), [1, 2].product, [1, 2].product([3], [4, 5]), [1, 2].product([])
r = []
p [1, 2].product([3]) { |x| r << x }
p r
p [1, 2, 3].combination(2).to_a, [1, 2, 3].combination(0).to_a, [1, 2, 3].combination(4).to_a
p [1, 2, 3].combination(3).to_a, [1, 2, 3].combination(-1).to_a
p [1, 2, 3].permutation(2).to_a, [1, 2, 3].permutation.to_a.size, [1, 2, 3].permutation(0).to_a
p [1, 2, 3].combination(2).size, [1, 2, 3].permutation(2).size, [1, 2, 3, 4].permutation.size, [1, 2].combination(5).size
p [1, 2, 3].permutation(1).to_a, [1, 2].permutation(3).to_a
p %w[a b c d].combination(2).map(&:join)
p [1, 2, 3].combination(2) { |c| }
p [1, 2, 3].permutation(2)
begin
  [1].product(5)
rescue TypeError => e
  p e.message
end
