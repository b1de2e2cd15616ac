# The recursive Fibonacci function RhizomeRuby's documents use.
# Run it with: cargo run --release -- examples/fib.rb [N]

def fib(n)
  if n < 2
    n
  else
    fib(n - 1) + fib(n - 2)
  end
end

n = ARGV[0] ? ARGV[0].to_i : 25
puts "fib(#{n}) = #{fib(n)}"
