# A call from compiled code that passes a literal block (or passes on the
# block of a method inlined into it) to a compiled Ruby method is a native
# call: the block is made without frame records and held until the call
# returns. The callee yields to it, keeps it as a Proc past the call,
# asks block_given?, raises through it, and shows it in backtraces, as in
# the interpreter.

class Vec
  def initialize(*items) = @items = items

  def each
    i = 0
    while i < @items.size
      yield @items[i]
      i += 1
    end
    self
  end

  def has_some
    each { |x| return true if yield x }
    false
  end

  def given? = block_given?

  def keep(&block)
    @kept = block
    @items.size
  end

  def call_kept(x) = @kept.call(x)

  def where_am_i
    each { |x| return caller(0, 3).map { |line| line[/`.*'/] } if x == 2 }
  end
end

class Holder
  def initialize(v) = @v = v
  def each(&block) = @v.each(&block)
  def has_some(&block) = @v.has_some(&block)
end

def work(n)
  v = Vec.new(1, 2, 3, 4)
  h = Holder.new(v)
  sum = 0
  seen = nil
  n.times do |i|
    v.each { |x| sum += x * i }
    h.each { |x| sum -= x }
    sum += 1 if h.has_some { |x| x == (i & 7) }
    sum += 1 if v.has_some { |x| x > 3 }
    sum += 1 if v.given? { :never_called }
    sum += v.keep { |x| x + i }
    sum += v.call_kept(1)
    seen = v.where_am_i { :unused } if i == n - 1
    begin
      v.each { |x| raise "boom #{x}" if x == 3 && i == n / 2 }
    rescue => e
      sum += e.message.size
      seen = [seen, e.backtrace[0..2].map { |line| line[/`.*'/] }] if i == n / 2
    end
  end
  [sum, seen]
end

p work(3000)
p work(2000)

def sum_odd(n) = n.times.sum { |i| Vec.new(i, i + 1).has_some { |x| x.odd? } ? 1 : 0 }
p sum_odd(2000)
