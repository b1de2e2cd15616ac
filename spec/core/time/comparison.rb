# <=> and Comparable; eql? and hash make Times usable as Hash keys.
a = Time.utc(2020)
b = Time.utc(2021)
p a <=> b, b <=> a, a <=> Time.utc(2020), a <=> 5
p a < b, a == Time.utc(2020), a == 5, a.between?(Time.utc(2019), b)
p [b, a, Time.utc(2019)].sort.map(&:year), [a, b].max.year
p a.eql?(Time.utc(2020)), a.eql?(a + 0.5), a.hash == Time.utc(2020).hash
h = { a => :first }
p h[Time.utc(2020, 1, 1)]
p Time.utc(2000) == Time.utc(2000, 1, 1, 0, 0, 0.0)
p Time.now - Time.now < 1, Time.now <= Time.now
