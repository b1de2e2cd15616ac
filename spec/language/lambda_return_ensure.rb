# `return` inside a lambda (or a `define_method` body) leaves the lambda
# through its own `ensure` clauses, innermost first, as a method's `return`
# does; the ensure's value does not replace the returned one.
log = []
l = lambda do |x|
  begin
    begin
      return :early if x
      :late
    ensure
      log << :inner
    end
  ensure
    log << :outer
  end
end
p l.call(true), l.call(false), log

class Shop
  define_method(:price) do |n|
    begin
      return n * 2 if n > 1
      n
    rescue ArgumentError
      :rescued
    ensure
      puts "ensure price(#{n})"
    end
  end
end
p Shop.new.price(1), Shop.new.price(5)

# The return inside a nested block leaves the lambda too.
m = ->(items) do
  begin
    items.each { |i| return i if i > 2 }
    nil
  ensure
    puts "ensure m"
  end
end
p m.call([1, 3, 5]), m.call([1])

# A return from the ensure clause itself wins.
r = -> { begin; return 1; ensure; return 2; end }
p r.call

# Hot: the ensure runs on every call, compiled or not.
count = 0
hot = ->(i) { begin; return i if i.even?; -i; ensure; count += 1; end }
sum = 0
3000.times { |i| sum += hot.(i) }
p sum, count
