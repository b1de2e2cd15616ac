# Iterators inlined with their blocks: a guard failing inside the block, a
# call made from it, `break`, `next` and `return` through the rebuilt
# frames, and captured locals (the frames' environments) all behave as in
# the interpreter.

class Cell
  attr_reader :value
  def initialize(value) = @value = value
end

def weigh(cells)
  total = 0
  cells.each { |c| total += c.value * 2 }
  total
end

def first_big(cells, limit)
  cells.each { |c| return c.value if c.value > limit }
  :none
end

def until_big(cells, limit)
  cells.each_with_index.map { |c, i| break [:stopped, i] if c.value > limit; c.value }
end

def evens(cells)
  cells.select { |c| next false if c.value.odd?; true }.map(&:value)
end

def nested(rows)
  count = 0
  rows.each do |row|
    seen = 0
    row.each { |c| seen += 1 if c.value > 1; count += seen }
  end
  count
end

def describe(cells)
  cells.map { |c| "#{c.value}:#{c.value.class}" }.join(",")
end

def trace_of(cells)
  cells.each { |c| raise ArgumentError, "bad #{c.value}" if c.value == 3 }
rescue ArgumentError => e
  [e.message, e.backtrace.first(3).map { |l| l[/\d+:in `.*'/] }]
end

cells = (1..6).map { |i| Cell.new(i) }
rows = [cells.first(3), cells.last(3)]
sum = 0
3000.times do
  sum += weigh(cells) + first_big(cells, 4) + nested(rows)
  until_big(cells, 3)
  evens(cells)
end
p sum
p first_big(cells, 10)
p until_big(cells, 3), until_big(cells, 99)
p evens(cells)
p nested(rows)
p trace_of(cells)
floats = (1..6).map { |i| Cell.new(i + 0.5) }
p weigh(floats), first_big(floats, 4), nested([floats]), describe(floats)
mixed = [Cell.new(1), Cell.new(2**70), Cell.new(3.5)]
p weigh(mixed), until_big(mixed, 10), describe(mixed)
# spec: skip-mode gc-stress 6.1 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
