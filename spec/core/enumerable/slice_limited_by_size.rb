# each_slice makes its slices no longer than the receiver's size (asked with
# `size`), so a short receiver's only slice comes from inside `each`, which
# the backtrace shows; each_cons returns at once when the window is larger
# than the receiver. (Differential fuzzer, seed 2 program 3930.)
def m
  [2].each_slice(2) { |x| raise "x" }
end
begin; m; rescue => e; p e.backtrace.map { |l| l.sub(/^.*?:/, "") }; end
begin; [2,3,4].each_slice(2) { |x| raise "x" if x.size == 1 }; rescue => e; p e.backtrace.map { |l| l.sub(/^.*?:/, "") }; end
begin; [2,3,4].each_cons(2) { |x| raise "x" if x[0] == 3 }; rescue => e; p e.backtrace.map { |l| l.sub(/^.*?:/, "") }; end
class Sized
  include Enumerable
  def initialize(n, claimed) = (@n, @claimed = n, claimed)
  def each
    @n.times { |i| yield i }
    self
  end
  def size
    puts "size asked"
    @claimed
  end
end
p Sized.new(5, 2).each_slice(3).to_a
p Sized.new(5, 2).each_slice(3) { |s| p s }.class
p Sized.new(5, nil).each_slice(3) { |s| p s }.class
p Sized.new(5, 2).each_cons(3) { |s| p s }.class
p Sized.new(3, 9).each_cons(2) { |s| p s }.class
p [1, 2].each_cons(3) { |s| p s }
p({a: 1}.each_slice(5).to_a)
p (1..3).each_slice(10) { |s| p s }
