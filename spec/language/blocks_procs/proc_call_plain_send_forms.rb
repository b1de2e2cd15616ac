# Proc#call by a plain send (no splat, keywords or block): the block
# takes the arguments as a yield passes them; the backtrace has no frame
# for call; a subclass or a redefinition of call is called as itself.
f = proc { |a| raise "x#{a}" }
def go(f) = f.call(1)
begin
  go(f)
rescue => e
  puts e.backtrace
end
g = proc { |a, &b| b.call(a) }
p g.call(2) { |x| x * 3 }
p proc { |a, b| [a, b] }.call([4, 5])
p proc { |a, b| [a, b] }.call(1, 2, 3)
p lambda { |a, b| [a, b] }.call(1, 2)
p proc { |a, k: 1| [a, k] }.call(1, k: 2)
p proc { next 5 }.call
def m; proc { return 6 }.call; 7; end
p m
p proc { |*a| a }.call(1, 2)
p proc { |a| a }.()
p proc { |a| a }[8]
p proc { |a| a }.yield(9)
p proc { |a| block_given? }.call(1)
begin
  proc { break 1 }.call
rescue LocalJumpError => e
  puts "#{e.class}: #{e.message}"
end
def each_pair_sum(f) = [[1, 2], [3, 4]].map { |pair| f.call(*pair) }
p each_pair_sum(proc { |a, b| a + b })
class CountingProc < Proc
  def call(*args)
    puts "called with #{args.inspect}"
    super
  end
end
c = CountingProc.new { |a| a * 2 }
p c.call(21)
class Proc
  alias_method :original_call, :call
  def call(*args)
    puts "redefined call #{args.inspect}"
    original_call(*args)
  end
end
p proc { |a| a + 1 }.call(1)
