# Ranges made over and over (each fills its three slots with the shape the
# first one made): frozen, equal to each other, the same hash, and their
# parts read back, for Integer, nil and String ends; `0..2` and `0...2`
# hash differently (the flag's bit was shifted out).
made = []
1000.times do |i|
  a = i % 3
  made << (a..a + 2) << (a...a + 2) << (nil..a) << (a..) << ("a".."c")
end
uniq = made.uniq
p uniq.size, uniq.first(6)
p made.all?(&:frozen?), made.map(&:hash).uniq.size == uniq.size
p uniq.map { |r| [r.begin, r.end, r.exclude_end?] }.first(4)
p (2..4).eql?(made[0 + 15]), (1..3).to_a, ("a".."c").to_a
p made.last.instance_variables
