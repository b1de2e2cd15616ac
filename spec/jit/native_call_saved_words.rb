# Values of inlined frames kept in registers and spill slots across native
# calls, read back when the innermost frame needs its callers' frames.
class Node
  attr_reader :label
  def initialize(label) = @label = label

  def walk(n, acc)
    local = acc * 2 + n
    if n == 0
      raise ArgumentError, "deep #{acc}" if acc > 12
      return local
    end
    begin
      Node.new("#{@label}>#{n}").walk(n - 1, acc + local % 7) + local
    rescue ArgumentError => e
      puts "#{@label} rescued at n=#{n} local=#{local}: #{e.message}"
      -n
    end
  end
end

def sum_with_block(n, scale, &block)
  return yield(n * scale) if n == 0
  here = n * scale
  sum_with_block(n - 1, scale, &block) + here
end

def fib_checked(n)
  if n < 2
    raise "negative" if n < 0
    n
  else
    fib_checked(n - 1) + fib_checked(n - 2)
  end
end

6.times do |round|
  p Node.new("r#{round}").walk(4 + round % 3, round * 3)
  p sum_with_block(5 + round, round + 1) { |x| x + caller.size * 0 + round }
  p fib_checked(12 + round)
end
begin
  fib_checked(-1)
rescue => e
  puts e.message
  puts e.backtrace.first(3).map { |line| line.sub(/^.*\//, "") }
end
