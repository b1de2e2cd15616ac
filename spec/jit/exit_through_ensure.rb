# A `return` or `break` from a block that compiled code inlined still runs
# every `ensure` it leaves: the home method's around the call that passed
# the block, the iterator's around its `yield`, the block's own.
$runs = Hash.new(0)

def returns_through_home_ensure
  begin
    1.times { return 5 }
    0
  ensure
    $runs[:home] += 1
  end
end

def with_cleanup
  yield 1
ensure
  $runs[:iterator] += 1
end

def breaks_through_iterator_ensure
  with_cleanup { |x| break x + 1 }
end

def returns_through_iterator_ensure
  with_cleanup { |x| return x + 2 }
  0
end

def returns_through_block_ensure
  [1, 2].each do |x|
    begin
      return x if x == 1
    ensure
      $runs[:block] += 1
    end
  end
  0
end

def breaks_in_loop_with_ensure(n)
  total = 0
  n.times do |i|
    begin
      break if i == 3
      total += i
    ensure
      $runs[:loop] += 1
    end
  end
  total
end

results = []
2000.times do
  results << returns_through_home_ensure
  results << breaks_through_iterator_ensure
  results << returns_through_iterator_ensure
  results << returns_through_block_ensure
  results << breaks_in_loop_with_ensure(5)
end
p results.tally
p $runs
