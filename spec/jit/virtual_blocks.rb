# Compiled blocks run without frame records until something needs their
# frame: the frame is made (as the interpreter would have pushed it) for
# a call the runtime runs, a raise, `break`, `return`, a deoptimisation;
# backtraces, `caller` and `__method__` see it where MRI does.
# spec: skip-mode gc-stress 0.9 s under --gc-stress in a release build, too slow for the debug build; jit/virtual_blocks_collected is its collecting part

class Shelf
  def initialize(items) = @items = items

  def each_item
    i = 0
    while i < @items.size
      yield @items[i]
      i += 1
    end
    :done
  end

  def total
    sum = 0
    each_item { |x| sum += weight(x) }
    sum
  end

  def weight(x) = x * 2

  def first_over(limit)
    each_item { |x| return x if x > limit }
    nil
  end

  def stop_at(limit)
    each_item { |x| break x * 100 if x >= limit }
  end

  def skip_odd
    out = []
    each_item do |x|
      next if x.odd?
      out << x
    end
    out
  end

  def where_raised(at)
    each_item { |x| check(x, at) }
  rescue ArgumentError => e
    [e.message, e.backtrace.first(3).map { |l| l.sub(/^.*?:(\d+)/, 'line \1') }]
  end

  def check(x, at)
    raise ArgumentError, "bad #{x}" if x == at
    x
  end

  def names
    list = []
    each_item { |x| list << __method__ if x == 1 }
    list
  end

  def callers
    found = nil
    each_item { |x| found = caller(0, 2).map { |l| l[/`.*'/] } if x == 2 }
    found
  end

  def given? = each_item { |_| return block_given? }

  def mixed(n)
    acc = 0
    each_item { |x| acc += (x == n ? x.to_s.size : x) }
    acc
  end
end

shelf = Shelf.new([1, 2, 3, 4, 5])
results = []
300.times do |i|
  results << [shelf.total, shelf.first_over(2), shelf.stop_at(3), shelf.skip_odd]
  results << shelf.where_raised(i % 5 + 1)
  results << [shelf.names, shelf.callers, shelf.given? { }, shelf.given?]
end
results.uniq.each { |r| p r }

# A block whose kind of argument changes once it is compiled deoptimises
# inside the frameless call.
p shelf.mixed(9)
p Shelf.new([1, 2.5, 3]).total
p Shelf.new(["a", "b"]).skip_odd rescue p $!.class
p Shelf.new([1, 2, 3]).mixed(2)

# Deep recursion through compiled blocks still raises SystemStackError.
def down(n, &blk) = n.zero? ? blk.call : [1].each { |_| down(n - 1, &blk) }
begin
  down(100_000) { :bottom }
rescue SystemStackError => e
  puts "SystemStackError: #{e.message}"
end
