# `super` (and `f(&block)` of a block parameter) in a method inlined into
# compiled code calls the superclass method natively, forwarding the
# block the inlined method was called with, or none: `block_given?` and
# `yield` in the superclass method see exactly that.

class Task
  attr_reader :attempts
  def initialize = @attempts = 0

  def run(rng)
    @attempts += 1
    block_given? ? yield(rng) : rng
  end

  def duration(speed) = (10 + speed - 1) / speed
  def each_step(&block) = [1, 2].each(&block)
end

class IoTask < Task
  def run(rng)
    result = super
    raise "unlucky #{rng}" if rng == 7
    result
  end

  def duration(speed) = super(speed) / 2 + 3
  def steps(&block) = each_step(&block)
end

t = IoTask.new
s = 0
20000.times do |i|
  s += t.run(i % 5)
  s += t.run(i % 3) { |r| r * 100 }
  s += t.duration(i % 3 + 1)
  t.steps { |x| s += x }
end
p t.attempts, s
p t.steps
begin
  t.run(7) { |r| r }
rescue => e
  puts e.message
  puts e.backtrace.first(2)
end
