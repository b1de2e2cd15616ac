# Permutations and prefix reversals (the fannkuch problem): every
# permutation of 1..N in turn, each flipped by reversing its first k
# elements while the first is not 1; the largest number of flips and a
# checksum.
# Usage: permutations.rb [N] (default 9).

def fannkuch(n)
  perm = (0...n).to_a
  count = Array.new(n, 0)
  max_flips = 0
  checksum = 0
  index = 0
  r = n
  loop do
    while r > 1
      count[r - 1] = r
      r -= 1
    end
    flipped = perm.dup
    flips = 0
    while (k = flipped[0]) != 0
      flipped[0..k] = flipped[0..k].reverse
      flips += 1
    end
    max_flips = flips if flips > max_flips
    checksum += index.even? ? flips : -flips
    loop do
      return [checksum, max_flips] if r == n
      first = perm.shift
      perm.insert(r, first)
      count[r] -= 1
      break if count[r] > 0
      r += 1
    end
    index += 1
  end
end

n = (ARGV[0] || 9).to_i
checksum, flips = fannkuch(n)
puts checksum
puts "Pfannkuchen(#{n}) = #{flips}"
