# A proc block given more values than it has parameters drops the extra
# ones; given fewer, it gets nil for each missing one. A lambda passed with
# & takes exactly its arity; one Array spreads over several parameters.
def y0; yield; end
def y1; yield 1; end
def y2; yield 1, 2; end
def y3; yield 1, 2, 3; end

p y0 { |a| a }
p y0 { |a, b| [a, b] }
p y1 { 7 }
p y1 { |a, b| [a, b] }
p y2 { |a| a }
p y2 { 8 }
p y3 { |a, b| [a, b] }
p y3 { |a, b, c, d| [a, b, c, d] }

def ya; yield [1, 2]; end
p ya { |a| a }
p ya { |a, b| [a, b] }
p ya { |a, | a }
p ya { 9 }

# The frame a dropped value leaves: locals after the parameters start nil.
p y3 { |a| x ||= a; [a, x] }

# The values are the block's, the method's stack intact after it.
def sum_after
  total = 0
  [1, 2, 3].each_with_index { |x| total += x }
  3.times { total += 1 }
  [total, yield(4, 5)]
end
p sum_after { |a| a * 10 }

l = ->(a) { a }
p y1(&l)
begin
  y2(&l)
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
begin
  y0(&l)
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end

# Deep recursion through yields still raises SystemStackError.
def deep(n) = yield(n, n) + deep(n + 1) { |a| a }
begin
  deep(0) { |a| a }
rescue SystemStackError => e
  puts e.class
end
