# A call from inlined code (or from a native call's frame) that passes a
# literal block, passes its frame's block on, or yields, runs above the
# frames compiled code did not push: its block is made from the values the
# call passes. What the block sees of the frames it was written in must be
# what MRI shows: self, captured locals, the outer block, __method__,
# backtraces; and a block that leaves those frames (break, return) still
# leaves them.
# spec: skip-mode gc-stress 2 s under --gc-stress in a release build, over the minute in the debug build cargo test runs (jit/frameless_blocks_collected is its collecting part)
class Walker
  def initialize(items)
    @items = items
    @scale = 10
  end

  # A rest parameter: the calls to it stay sends.
  def visit(limit, *rest, step: 1)
    count = 0
    index = 0
    while index < @items.size
      item = @items[index]
      if item < limit
        yield item
        count += 1
      elsif item == limit
        count += 2
      else
        count += 3
      end
      index += step
    end
    count
  end

  # Too big to inline: the calls to it stay calls (the direct kind).
  def visit_big(limit)
    a = b = c = d = 0
    index = 0
    while index < @items.size
      item = @items[index]
      index += 1
      yield item if item < limit
      a += item; b += a; c += b; d += c; a -= 1; b -= 1; c -= 1; d -= 1
      a += item; b += a; c += b; d += c; a -= 1; b -= 1; c -= 1; d -= 1
      a += item; b += a; c += b; d += c; a -= 1; b -= 1; c -= 1; d -= 1
      a += item; b += a; c += b; d += c; a -= 1; b -= 1; c -= 1; d -= 1
      a += item; b += a; c += b; d += c; a -= 1; b -= 1; c -= 1; d -= 1
    end
    a + b + c + d
  end

  def big_sum(limit)
    total = 0
    visit_big(limit) { |item| total += item * @scale }
    total
  end

  def big_through(limit)
    seen = []
    visit_big(limit) { |item| seen << yield(item) }
    seen
  end

  def big_passes_on(&block) = visit_big(5, &block)

  def scaled(limit)
    total = 0
    visit(limit) { |item| total += item * @scale }
    total
  end

  def names
    found = []
    visit(3) { |item| found << [item, __method__, block_given?] }
    found
  end

  def through(limit)
    seen = []
    visit(limit) { |item| seen << yield(item) }
    seen
  end

  def passes_on(&block) = visit(5, &block)

  def stops_at(limit)
    visit(100) { |item| return item if item >= limit }
    :none
  end

  def breaks_at(limit)
    visit(100) { |item| break item * 100 if item >= limit }
  end

  def nested_break
    out = []
    visit(4) { |item| [1, 2, 3].each { |x| break if x > item; out << x } }
    out
  end

  def failing
    visit(4) { |item| raise ArgumentError, "bad #{item}" if item == 3 }
  end

  def matching(words)
    hits = []
    words.each_with_index do |_word, i|
      visit(2) { |item| hits << $~[1] if "a#{i}b" =~ /a(\d)b/ }
    end
    [hits, $~ && $~[0]]
  end
end

# Each a small method the Walker's method inlines into, leaving the call
# to `visit` a call from inlined code.
class Caller
  def initialize = @walker = Walker.new([1, 2, 3, 4, 5])
  def walker = @walker
  def scaled(n) = @walker.scaled(n % 6)
  def names = @walker.names
  def through = @walker.through(4) { |x| x * 2 }
  def passes_on = @walker.passes_on { |x| x + 1 }
  def stops_at(n) = @walker.stops_at(n % 5)
  def breaks_at = @walker.breaks_at(3)
  def nested_break = @walker.nested_break.size
  def big_sum(n) = @walker.big_sum(n % 4)
  def big_through = @walker.big_through(3) { |x| -x }
  def big_passes_on = @walker.big_passes_on { |x| x }

  def run(n)
    [scaled(n), names, through, passes_on, stops_at(n), breaks_at, nested_break,
     big_sum(n), big_through, big_passes_on]
  end
end

c = Caller.new
# (The distinct results only: under --gc-stress every collection marks
# what is kept.)
results = {}
1500.times { |n| results[[c.scaled(n), c.stops_at(n), c.big_sum(n)]] = true }
1500.times { results[[c.names, c.through, c.passes_on, c.breaks_at]] = true }
1500.times { results[[c.nested_break, c.big_through, c.big_passes_on]] = true }
p results.size
p c.run(7)
p c.run(8)
p Walker.new([1, 2, 3]).names

begin
  c.walker.failing
rescue ArgumentError => e
  p e.message
  p e.backtrace.map { |line| line.sub(/^.*:(\d+):/, 'line \1:') }.first(4)
end

def hot_failing(walker) = walker.failing
walker = Walker.new([1, 2, 3, 4])
1500.times do
  begin
    hot_failing(walker)
  rescue ArgumentError => e
    @last = e
  end
end
p @last.message
p @last.backtrace.map { |line| line.sub(/^.*:(\d+):/, 'line \1:') }.first(5)

m = nil
1500.times { m = walker.matching(%w[x y z]) }
p m
