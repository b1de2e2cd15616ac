# Sends passing a literal block to a method found in the site's cache (a
# Ruby method of required parameters, a core method): the block's state,
# break, a block kept as a Proc past the call, errors raised inside.
class Keeper
  def keep(&b) = (@kept ||= []) << b
  def kept = @kept
  def twice(x) = [yield(x), yield(x + 1)]
  def stop_at(limit)
    [1, 2, 3, 4].each { |i| return i if i >= limit }
    nil
  end
end

k = Keeper.new
results = []
3.times do |round|
  results << k.twice(round) { |v| v * 10 }
  results << [5, 6, 7].map { |v| v + round }
  results << [1, 2, 3].each { |v| break v * 100 if v == 2 }
  results << k.twice(round) { |v| break :broke if v > 1; v }
  results << k.stop_at(round + 2)
end
p results

# Blocks made at the same site, kept as Procs: each keeps its own state.
procs = []
4.times { |i| procs << proc { i * i } }
p procs.map(&:call)
3.times { |i| k.keep { i + 1 } }
p k.kept.map(&:call)
def capture(&b) = b
made = (1..3).map { |i| capture { i * 2 } }
p made.map(&:call)

# A block that raises; the next send with a block at that site works.
2.times do |i|
  begin
    [1].each { raise ArgumentError, "boom #{i}" }
  rescue ArgumentError => e
    p e.message
  end
end
p [3, 1, 2].sort { |a, b| b <=> a }
p(k.twice(1) { |v| next v * 2 })
def no_yield(a) = a
p(no_yield(7) { raise "not called" })
begin
  k.twice { 1 }
rescue ArgumentError => e
  p e.message
end
