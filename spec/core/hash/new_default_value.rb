# Hash.new(default): missing keys read the default; the default is one
# shared object and is not stored.
counts = Hash.new(0)
%w[apple pear apple fig apple pear].each { |fruit| counts[fruit] += 1 }
p counts
p counts["kiwi"], counts.size, counts.key?("kiwi")
p counts.default

shared = Hash.new([])
shared[:a] << 1
shared[:b] << 2
p shared, shared[:c], shared.default

h = Hash.new("none")
p h[:x], h.fetch(:x, "fetched")
h.default = "other"
p h[:y], h.default, h.default_proc
p Hash.new.default, {}.default, Hash.new(nil)[1]
