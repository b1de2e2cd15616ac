procs = []
[1, 2, 3].each do |i|
  procs << -> { i * 10 }
end
p procs.map(&:call)
shared = []
j = 0
while j < 3
  shared << -> { j }
  j += 1
end
p shared.map(&:call)
adders = [1, 2, 3].map { |k| ->(x) { x + k } }
p adders.map { |a| a.call(100) }
