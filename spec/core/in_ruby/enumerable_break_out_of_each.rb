class Infinite
  include Enumerable

  def each
    i = 0
    loop do
      yield i
      i += 1
    end
  end
end

inf = Infinite.new
p inf.find { |x| x * x > 50 }
p inf.first(4)
p inf.take_while { |x| x < 3 }
p inf.each_with_index { |x, i| break [x, i] if x == 7 }
p(inf.each { |x| break x if x > 2 })
