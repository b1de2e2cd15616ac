# Recursive Fibonacci: method calls, integer comparison and arithmetic.
# Usage: fib.rb [N] (default 35).

def fib(n)
  if n < 2
    n
  else
    fib(n - 1) + fib(n - 2)
  end
end

n = ARGV[0] ? ARGV[0].to_i : 35
puts fib(n)
