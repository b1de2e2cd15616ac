procs = []
for i in [1, 2, 3]
  procs << -> { i }
end
p procs.map(&:call)
blocks = []
[1, 2, 3].each { |j| blocks << -> { j } }
p blocks.map(&:call)
