p require("set"), require("set")
s = Set.new([3, 1, 2, 3])
p s, s.size, s.include?(2), s.member?(9), s === 1, s.to_a, s.empty?, Set.new.empty?
p s.add(4), s << 1, s.add?(1), s.add?(5), s.delete(5), s.delete?(9), s.delete?(4)
p Set[1, 2] | Set[2, 3], Set[1, 2] & [2, 3], Set[1, 2] - [2], Set[1, 2] ^ Set[2, 3], Set[1, 2] + [7]
p Set[1, 2].subset?(Set[1, 2, 3]), Set[1, 2] <= Set[1, 2], Set[1, 2] < Set[1, 2], Set[1, 2, 3].superset?(Set[2]), Set[1] > Set[]
p Set[1, 2] == Set[2, 1], Set[1] == [1], Set[1, 2].eql?(Set[2, 1]), Set[1, 2].hash == Set[2, 1].hash
p Set[1, 2].intersect?(Set[2, 5]), Set[1, 2].disjoint?(Set[3])
p Set[1, 2] <=> Set[1, 2, 3], Set[1, 2] <=> Set[1, 2], Set[1, 3] <=> Set[1, 2]
p Set.new([1, 2, 3]) { |x| x * 10 }, [3, 3, 4].to_set, (1..3).to_set, {a: 1}.to_set
p s.map { |x| x * 2 }, s.select(&:odd?), s.sort, s.min, s.sum, s.group_by(&:odd?), s.each_slice(2).to_a
p s.each { |x| }, s.each.size
t = Set[1, 2, 3, 4]
p t.select! { |x| x > 1 }, t, t.reject!(&:even?), t, t.reject! { false }, t.map! { |x| x + 1 }, t
p t.keep_if { |x| x > 2 }, t.delete_if { |x| x > 3 }, t.clear
h = {Set[1] => :one}
p h[Set[1]]
u = Set[1].dup
u << 2
p u, Set[1].frozen?, Set[1].freeze.frozen?
begin
  Set[1].subset?([1])
rescue ArgumentError => e
  p e.message
end
begin
  Set.new(5)
rescue ArgumentError => e
  p e.message
end
p Set[[1, 2], "a", :b, nil], Set[].inspect, Set[1, 2].to_s
visited = Set.new
queue = [1]
edges = {1 => [2, 3], 2 => [4], 3 => [4], 4 => [1]}
until queue.empty?
  node = queue.shift
  next unless visited.add?(node)
  queue.concat(edges[node])
end
p visited
