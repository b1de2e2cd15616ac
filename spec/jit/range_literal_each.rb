# `(a..b).each do ... end` in a hot method: `Range#each` is inlined (only
# its Integer path ran) with the whole block, however big, and the
# Range's ends fold from the literal. Other ends take the other path.
def sums(n)
  total = 0
  (0...n).each do |i|
    if i.even?
      total += i
    else
      total -= 1
    end
    (1..3).each do |j|
      total += j * i
      total += 1 if j == 2
      total -= 2 if j == 3
      total += i % 3
      total += i % 5
      total += i % 7
      total += (i + j) % 11
      total += (i * j) % 13
      total -= (i - j) % 17
      total += (i + j + 1) % 19
      total += (i + 2 * j) % 23
      total += (2 * i + j) % 29
      total -= (3 * i + j) % 31
    end
  end
  total
end

def tally(range)
  seen = []
  range.each { |x| seen << x }
  seen
end

def first_over(limit)
  (1..).each do |i|
    return i if i * i > limit
  end
end

t = 0
i = 0
while i < 2000
  t += sums(20)
  t += first_over(50)
  i += 1
end
p t
p sums(0)
p sums(1)
p tally(1..4)
p tally(1...4)
p tally(4..1)
p tally("a".."e")
p tally(1.0..3.0) rescue p $!
p first_over(1000)
