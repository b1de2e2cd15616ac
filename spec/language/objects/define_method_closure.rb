class Counter
  count = 0

  define_method(:increment) do
    count += 1
  end

  define_method(:current) { count }
end

a = Counter.new
b = Counter.new
a.increment
a.increment
b.increment
p a.current
p b.current
