# Property check of MRI's generator: for seeds small, large, bignum and
# negative, the same floats, integers (small, 2**32, 2**70...), ranges,
# shuffles, samples and bytes as MRI, several hundred values per seed.
seeds = [0, 1, 2, 42, 1234, 2**31-1, 2**32-1, 2**32, 2**32+1, 2**40+5, 2**62-1, 2**62, 2**64+3, 2**100+7, 3**90, -1, -42, -(2**70), 2**64, 2**96, 2**33]
seeds.each do |s|
  r = Random.new(s)
  out = []
  out << r.seed
  3.times { out << r.rand }
  [1, 2, 3, 6, 10, 100, 1000, 2**16, 2**31, 2**32-1, 2**32, 2**32+1, 2**40, 2**62-1, 2**62, 2**63, 2**64, 2**64+1, 2**70, 3**50, 10**30].each { |n| out << r.rand(n) }
  [1.5, 0.0, 100.0, 1e-3].each { |f| out << r.rand(f) }
  [1..6, 1...6, -5..5, 0..0, 10..2**40, 2**70..2**71, 1.0..2.0, 1.0...2.0, -1.5..1.5, 1..2.5, -(2**64)...0, 0.0..0.0].each { |rg| out << r.rand(rg) }
  out << (1..10).to_a.shuffle(random: r)
  out << (1..30).to_a.shuffle(random: r)
  out << (1..10).to_a.sample(random: r)
  (0..12).each { |n| out << (1..20).to_a.sample(n, random: r) }
  out << (1..100).to_a.sample(50, random: r)
  out << (1..5000).to_a.sample(20, random: r)
  out << (1..3000).to_a.sample(11, random: r)
  out << (1..20000).to_a.sample(600, random: r).sum
  out << r.bytes(9).bytes
  out << r.rand(-(2**64)..-(2**63))
  puts out.inspect
end
srand(5)
p rand, rand(10), rand(-10), rand(1.9), rand(0), rand(nil), rand(2.5..3.5), rand(3..9)
p srand(7)
p [1,2,3].shuffle, [1,2,3].sample, Random.rand(5), Random.rand, Random.rand(2.0), Random.random_number(0), Random.seed
p Random.new(99).random_number(-1), Random.new(99).random_number(5)
p Kernel.rand(3)
r = Random.new(11); r.rand; d = r.dup; p d.rand == r.rand, d == r, d.seed
# spec: skip-mode gc-stress 0.5 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
