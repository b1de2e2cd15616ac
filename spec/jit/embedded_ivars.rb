# Instance variables in the object's cell (the first four) and past it:
# compiled reads and writes of both, writes that add a variable, frozen
# objects, and the reflective paths that rebuild an object's slots.

class Wide
  attr_reader :a, :b, :c, :d, :e

  def initialize(n)
    @a = n
    @b = n + 1
    @c = n + 2
    @d = n + 3
    @e = n + 4
  end

  def bump
    @a += 1
    @c += 1
    @e += 1
    self
  end

  def total = @a + @b + @c + @d + @e
end

sum = 0
200.times do |i|
  w = Wide.new(i)
  w.bump.bump
  sum += w.total + w.e - w.a
end
p sum

class Lazy
  def fill(n)
    @one = n
    @two = n * 2
    @three = n * 3
    @four = n * 4
    self
  end

  def values = [@one, @two, @three, @four]
end

last = nil
300.times { |i| last = Lazy.new.fill(i) }
p last.values
p Lazy.new.values

class Counter
  def initialize = @count = 0
  def tick = @count += 1
  attr_reader :count
end

counters = Array.new(3) { Counter.new }
500.times { counters.each(&:tick) }
p counters.map(&:count)
frozen = Counter.new
frozen.tick
frozen.freeze
begin
  frozen.tick
rescue => e
  puts "#{e.class}: #{e.message.sub(/0x\h+/, 'XX')}"
end
p frozen.count

wide = Wide.new(10)
wide.instance_variable_set(:@f, 99)
p wide.instance_variables
p wide.remove_instance_variable(:@b)
p wide.instance_variables
p [wide.a, wide.c, wide.d, wide.e, wide.instance_variable_get(:@f)]
copy = wide.dup
copy.bump
p [wide.a, copy.a, copy.e, copy.instance_variable_get(:@f)]
p wide.clone.frozen?

Quad = Struct.new(:w, :x, :y, :z)
q = Quad.new(1, 2, 3, 4)
acc = 0
400.times do |i|
  q.z = i
  q.w += 1
  acc += q.w + q.x + q.y + q.z
end
p acc
p q.to_a

class AppError < StandardError
  def initialize(code)
    @code = code
    @where = "here"
    @when = :now
    @why = "because"
    super("failed with #{code}")
  end
  attr_reader :code, :why
end

codes = 0
100.times do |i|
  begin
    raise AppError.new(i)
  rescue AppError => e
    codes += e.code
  end
end
p codes
err = AppError.new(7)
p [err.message, err.code, err.why]
