# clear empties a Hash; replace copies another's entries and defaults;
# shift removes the first entry (an empty Hash answers its default, as in
# Ruby 3.1).
queue = { first: 1, second: 2, third: 3 }
p queue.shift, queue
r = queue.clear
p r.equal?(queue), queue, queue.shift
p Hash.new(:empty).shift
p Hash.new { |h, k| "default for #{k.inspect}" }.shift
target = { old: true }
source = Hash.new(42)
source[:new] = 1
p target.replace(source), target[:missing]
p target.replace({}), target.default
begin
  target.replace(:nope)
rescue TypeError => e
  p e.message
end
jobs = { a: 1, b: 2, c: 3 }
done = []
while (job = jobs.shift)
  done << job
end
p done, jobs
h = { a: 1 }
h.each { h.clear }
p h
begin
  h = { a: 1 }
  h.each { h.replace({ b: 2 }) }
rescue RuntimeError => e
  p e.message
end
