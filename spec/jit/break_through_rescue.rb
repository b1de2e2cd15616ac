# A `break` or `return` out of a block, through a frame whose `rescue`
# does not stop it (Kernel#loop's `rescue StopIteration`, a method's own
# clause), leaves compiled code without resuming the frames it passes in
# the interpreter, and still ends the frame it names; an `ensure` on the
# way still runs.

def first_over(list, limit)
  loop do
    x = list.shift
    break x if x > limit
    return :none if list.empty?
  end
end

def counted(n)
  i = 0
  loop do
    i += 1
    break i * 2 if i == n
  end
end

def each_pair(x)
  yield x
  yield x + 1
rescue ArgumentError
  :rescued
end

def through_clause(x)
  each_pair(x) { |y| break y * 3 if y.odd? }
end

def with_ensure(x, log)
  begin
    loop { break x + 1 }
  ensure
    log << x
  end
end

def from_block(list)
  list.each_slice(2) do |pair|
    begin
      loop do
        return pair.sum if pair.sum > 7
        raise StopIteration
      end
    rescue StopIteration
      nil
    end
    break
  end
  :done
end

totals = [0, 0, 0, 0, 0]
log = []
1200.times do |i|
  r = first_over([1, 2, i % 7, 9], 4)
  totals[0] += r == :none ? 0 : r
  totals[1] += counted(i % 5 + 1)
  totals[2] += through_clause(i).to_s.size
  totals[3] += with_ensure(i, log)
  totals[4] += from_block([i % 9, 1, 2, 3]).to_s.size
end
p totals, log.size, log.sum
p first_over([1, 2], 5), counted(3), through_clause(2), through_clause(3)
p from_block([9, 9]), from_block([1, 1, 2, 2])
