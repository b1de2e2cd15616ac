# A method compiled for fixnums meets Floats until it is compiled again for
# both kinds. In the new code the Float's unboxing floats above the branch
# that tells the kinds apart, so it runs on fixnums too: it must not fail
# there (its result is unused on that way).
def fib(n)
  if n < 2
    n
  else
    fib(n - 1) + fib(n - 2)
  end
end
300.times { |i| fib(i % 15) }
p fib(10.0)
p fib(22)
p fib(12.5)
