# Hash.new { |hash, key| ... }: the block computes (and may store) the
# value of a missing key.
lengths = Hash.new { |hash, word| hash[word] = word.length }
p lengths["hello"], lengths["hi"], lengths

not_stored = Hash.new { |_, key| key * 2 }
p not_stored[21], not_stored, not_stored.size

groups = Hash.new { |h, k| h[k] = [] }
[["fruit", "apple"], ["veg", "leek"], ["fruit", "fig"]].each do |kind, name|
  groups[kind] << name
end
p groups

p groups.default_proc.class, groups.default_proc.lambda?, groups.default_proc.arity
p groups.default
p lengths.default("abc"), lengths

fib = Hash.new { |memo, n| memo[n] = n < 2 ? n : memo[n - 1] + memo[n - 2] }
p fib[40], fib.size
