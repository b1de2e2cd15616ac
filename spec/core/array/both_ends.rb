# An Array used at both ends: `shift` and `unshift` move its start (in
# constant time, as MRI's do), and every other method sees the elements
# as they are, wherever the start is.
queue = (1..10).to_a
p queue.shift, queue.shift(3), queue
queue.push(11, 12)
p queue, queue.length, queue.first, queue.last
queue.unshift(-1, 0)
p queue, queue.index(5), queue[2], queue[-1]
p queue.shift(0), queue.shift(100).length, queue, queue.shift, queue.shift(2)

# Drained one by one and refilled, many times over.
queue = []
sum = 0
20_000.times do |i|
  queue.push(i)
  sum += queue.shift if queue.length > 50
end
p queue.length, queue.first, queue.last, sum

# Rotated from the back to the front.
ring = (1..8).to_a
5.times { ring.unshift(ring.pop) }
p ring
3.times { ring.push(ring.shift) }
p ring

# Every other change after the start moved.
a = (1..12).to_a
a.shift(2)
a.insert(0, :first)
a.insert(3, :middle)
p a
a.delete_at(0)
a.delete(:middle)
p a
a[0, 2] = [:x, :y, :z]
p a
a.slice!(0)
p a
p a.sort_by!(&:to_s), a.reverse!, a.uniq!, a.compact!
a.unshift(nil, nil)
p a.compact!, a
a.concat([3, 3])
p a.uniq!, a.rotate!(2), a.select! { |x| x.is_a?(Integer) }
p a.map!(&:succ), a.fill(0, 1, 2), a.replace([1, 2]), a
b = (1..5).to_a
b.shift
p b.dup, b.clone, b + b, b * 2, b.hash == [2, 3, 4, 5].hash, b == [2, 3, 4, 5]
p b.pop(2), b.unshift, b.shift(0), b
b.clear
p b, b.shift, b.pop, b.unshift(1), b.shift, b

# Elements read in a hot loop while the start moves (compiled code reads
# the Array's element pointer and length).
def drain_sum(list)
  total = 0
  while (x = list.shift)
    total += x + (list[0] || 0) + list.length
  end
  total
end
p (1..300).map { |n| drain_sum((1..n).to_a) }.sum

# A frozen Array refuses both ends.
frozen = [1, 2].freeze
begin
  frozen.shift
rescue => e
  p e.class, e.message
end
begin
  frozen.unshift(0)
rescue => e
  p e.class, e.message
end
begin
  [].shift(-1)
rescue => e
  p e.class, e.message
end
