# Lists as queues and stacks: 10,000-element Arrays moved one element at a
# time from the front of one to the back of another (`shift`/`push`), back
# again from the end (`pop`/`push`), reversed in place and compared, then
# rotated from the back to the front (`pop`/`unshift`).
# Usage: list_shuffle.rb [ROUNDS] (default 300).

SIZE = 10_000

def shuffle_lists
  first = (1..SIZE).to_a
  second = first.dup
  third = []
  third.push(second.shift) until second.empty?
  second.push(third.pop) until third.empty?
  first.reverse!
  return 0 unless first[0] == SIZE
  return 0 unless first == second
  (SIZE / 2).times { second.unshift(second.pop) }
  second.first + second.length
end

rounds = (ARGV[0] || 300).to_i
total = 0
rounds.times { total += shuffle_lists }
p total
