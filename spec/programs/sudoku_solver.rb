# Constraint solving: sudoku with candidate bitmasks, constraint propagation
# (eliminate/assign with Contradiction exceptions) and backtracking search,
# puzzle generation from a seeded linear congruential generator, and N-queens.
#
# Usage: sudoku_solver.rb [N] -- generate and solve N puzzles (default 2).
# Benchmark: `ruby sudoku_solver.rb 12` takes about 1.8 s on MRI 3.1.2 (2.0 s with --yjit).

class Lcg
  MODULUS = 2**31

  def initialize(seed)
    @state = seed % MODULUS
  end

  def next_int(bound)
    @state = (@state * 1103515245 + 12345) % MODULUS
    (@state >> 8) % bound
  end

  def shuffle(items)
    result = items.dup
    i = result.size - 1
    while i > 0
      j = next_int(i + 1)
      result[i], result[j] = result[j], result[i]
      i -= 1
    end
    result
  end
end

class SolverError < StandardError; end

class Contradiction < SolverError
  attr_reader :cell

  def initialize(cell, detail = nil)
    @cell = cell
    super(detail || "no candidates left for cell #{cell}")
  end
end

class InvalidPuzzle < SolverError; end

module Bits
  ALL = 0b1111111110

  def self.count(mask)
    n = 0
    while mask > 0
      n += mask & 1
      mask >>= 1
    end
    n
  end

  def self.single?(mask)
    mask != 0 && mask & (mask - 1) == 0
  end

  def self.digits(mask)
    result = []
    (1..9).each { |d| result << d if mask & (1 << d) != 0 }
    result
  end

  def self.first_digit(mask)
    (1..9).each { |d| return d if mask & (1 << d) != 0 }
    nil
  end
end

module Geometry
  UNITS = []
  9.times { |r| UNITS << (0...9).map { |c| r * 9 + c } }
  9.times { |c| UNITS << (0...9).map { |r| r * 9 + c } }
  [0, 3, 6].each do |br|
    [0, 3, 6].each do |bc|
      box = []
      3.times { |r| 3.times { |c| box << (br + r) * 9 + bc + c } }
      UNITS << box
    end
  end
  UNITS_OF = Array.new(81) { |i| UNITS.select { |u| u.include?(i) } }
  PEERS = Array.new(81) { |i| UNITS_OF[i].flatten.uniq.reject { |p| p == i } }
end

class Board
  include Enumerable
  attr_reader :cells

  def self.parse(text)
    cells = []
    text.each_char do |ch|
      if ch == "." || ch == "0"
        cells << 0
      elsif ch >= "1" && ch <= "9"
        cells << ch.to_i
      end
    end
    raise InvalidPuzzle, "expected 81 cells, got #{cells.size}" unless cells.size == 81
    new(cells)
  end

  def initialize(cells)
    @cells = cells
  end

  def each
    9.times { |r| yield @cells[r * 9, 9] }
    self
  end

  def clues
    @cells.count { |v| v != 0 }
  end

  def valid_solution?
    Geometry::UNITS.all? { |unit| unit.map { |i| @cells[i] }.sort == [1, 2, 3, 4, 5, 6, 7, 8, 9] }
  end

  def to_s
    lines = []
    each_with_index do |row, r|
      lines << "------+-------+------" if r == 3 || r == 6
      parts = []
      row.each_slice(3) { |triple| parts << triple.map { |v| v == 0 ? "." : v.to_s }.join(" ") }
      lines << parts.join(" | ")
    end
    lines.join("\n")
  end

  def compact
    @cells.map { |v| v == 0 ? "." : v.to_s }.join
  end
end

class Solver
  Stats = Struct.new(:nodes, :eliminations, :contradictions, :solutions)

  attr_reader :stats

  def initialize(rng = nil)
    @rng = rng
    @stats = Stats.new(0, 0, 0, 0)
  end

  def solve(board, limit = 1)
    masks = Array.new(81, Bits::ALL)
    board.cells.each_with_index { |v, i| assign(masks, i, v) if v != 0 }
    found = []
    search(masks) do |solved|
      found << Board.new(solved.map { |m| Bits.first_digit(m) })
      @stats.solutions += 1
      return found if found.size >= limit
    end
    found
  rescue Contradiction => e
    raise InvalidPuzzle, "inconsistent givens (#{e.message})"
  end

  private

  def assign(masks, cell, digit)
    others = masks[cell] & ~(1 << digit)
    Bits.digits(others).each { |d| eliminate(masks, cell, d) }
  end

  def eliminate(masks, cell, digit)
    bit = 1 << digit
    return if masks[cell] & bit == 0
    masks[cell] &= ~bit
    @stats.eliminations += 1
    remaining = masks[cell]
    raise Contradiction.new(cell) if remaining == 0
    if Bits.single?(remaining)
      only = Bits.first_digit(remaining)
      Geometry::PEERS[cell].each { |p| eliminate(masks, p, only) }
    end
    Geometry::UNITS_OF[cell].each do |unit|
      places = unit.select { |i| masks[i] & bit != 0 }
      if places.empty?
        raise Contradiction.new(cell, "digit #{digit} has no place near cell #{cell}")
      end
      assign(masks, places[0], digit) if places.size == 1
    end
  end

  def search(masks, &block)
    @stats.nodes += 1
    cell = nil
    best = 10
    masks.each_with_index do |m, i|
      n = Bits.count(m)
      if n > 1 && n < best
        best = n
        cell = i
      end
    end
    if cell.nil?
      yield masks
      return
    end
    choices = Bits.digits(masks[cell])
    choices = @rng.shuffle(choices) if @rng
    choices.each do |d|
      copy = masks.dup
      begin
        assign(copy, cell, d)
      rescue Contradiction
        @stats.contradictions += 1
        next
      end
      search(copy, &block)
    end
  end
end

class Generator
  def initialize(seed)
    @rng = Lcg.new(seed)
  end

  def generate(min_clues)
    full = Solver.new(@rng).solve(Board.new(Array.new(81, 0))).first
    cells = full.cells.dup
    removed = 0
    @rng.shuffle((0...81).to_a).each do |i|
      break if 81 - removed <= min_clues
      saved = cells[i]
      cells[i] = 0
      if Solver.new.solve(Board.new(cells.dup), 2).size == 1
        removed += 1
      else
        cells[i] = saved
      end
    end
    [Board.new(cells), full]
  end
end

class NQueens
  attr_reader :size, :count, :first

  def initialize(size)
    @size = size
    @cols = Array.new(size, false)
    @diag1 = Array.new(2 * size, false)
    @diag2 = Array.new(2 * size, false)
    @placement = []
    @count = 0
    @first = nil
  end

  def run
    place(0)
    self
  end

  def render
    return ["(none)"] if @first.nil?
    @first.map { |c| (0...@size).map { |x| x == c ? "Q" : "." }.join }
  end

  private

  def place(row)
    if row == @size
      @count += 1
      @first ||= @placement.dup
      return
    end
    @size.times do |c|
      next if @cols[c] || @diag1[row + c] || @diag2[row - c + @size]
      @cols[c] = @diag1[row + c] = @diag2[row - c + @size] = true
      @placement.push(c)
      place(row + 1)
      @placement.pop
      @cols[c] = @diag1[row + c] = @diag2[row - c + @size] = false
    end
  end
end

count = ARGV[0] ? ARGV[0].to_i : 2

puts "== fixed puzzles =="
fixed = [
  ["easy", "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."],
  ["hard", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"],
  ["broken", "11..............................................................................."],
  ["short", "123456789"]
]
fixed.each do |name, text|
  begin
    board = Board.parse(text)
    solver = Solver.new
    solution = solver.solve(board).first
    puts "#{name}: #{board.clues} clues"
    puts solution.to_s
    puts "valid=#{solution.valid_solution?} nodes=#{solver.stats.nodes} eliminations=#{solver.stats.eliminations} contradictions=#{solver.stats.contradictions}"
  rescue InvalidPuzzle => e
    puts "#{name}: rejected: #{e.message}"
  end
end

puts "== generated puzzles =="
checksum = 0
count.times do |k|
  puzzle, full = Generator.new(1000 + k * 7919).generate(26)
  solver = Solver.new
  solutions = solver.solve(puzzle, 2)
  unique = solutions.size == 1
  same = solutions.first.cells == full.cells
  puts "puzzle #{k + 1}: #{puzzle.clues} clues, unique=#{unique}, matches=#{same}"
  puts puzzle.compact
  puts solutions.first.compact
  puts "nodes=#{solver.stats.nodes} eliminations=#{solver.stats.eliminations}"
  solutions.first.cells.each_with_index { |v, i| checksum = (checksum * 31 + v * (i + 1)) % 1_000_000_007 }
end
puts "checksum #{checksum}"

puts "== n-queens =="
(1..8).each do |n|
  q = NQueens.new(n).run
  puts "#{n}: #{q.count} solutions"
  puts q.render if n == 6
end
# spec: skip-mode gc-stress over two minutes under --gc-stress even in a release build
# spec: slow 2.3 s under --jit-stress-deopt in a release build, near a minute in the debug build (each of its two million forced deoptimisations checked)
