# Core methods called from compiled code with a literal block
# (`Array.new(n) { ... }`, `Hash.new { ... }`): the block made without
# frame records sees the locals, `self`, and block of the code around it,
# inlined or not; errors in it show MRI's backtrace.

class Grid
  def initialize(size)
    @size = size
    @rows = Array.new(size) { |i| Array.new(size) { |j| i * size + j } }
  end

  def cell(i, j)
    @rows[i][j]
  end

  def labels(prefix)
    Array.new(@size) { |i| "#{prefix}#{i}:#{cell(i, i)}" }
  end

  def each_diagonal
    Array.new(@size) { |i| yield cell(i, i) }
  end
end

def squares(n)
  total = 0
  made = Array.new(n) { |i| total += i; i * i }
  [made, total]
end

def memo
  Hash.new { |h, k| h[k] = k * 2 }
end

def failing(n)
  Array.new(n) { |i| raise ArgumentError, "bad #{i}" if i == 2; i }
end

results = []
300.times do |round|
  g = Grid.new(3)
  d = []
  g.each_diagonal { |v| d << v }
  h = memo
  results << [g.cell(2, 1), g.labels("r"), d, squares(round % 5), h[round % 7], h.size]
end
p results.first, results.last, results.uniq.size

traces = 300.times.map do
  failing(4)
rescue ArgumentError => e
  [e.message, e.backtrace]
end
p traces.uniq.size
puts traces.last
