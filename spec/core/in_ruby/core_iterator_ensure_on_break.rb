class Res
  include Enumerable

  def each
    puts "open"
    yield 1
    yield 2
    yield 3
  ensure
    puts "close"
  end
end

p Res.new.find { |x| x == 2 }
p Res.new.map { |x| x * 2 }
p Res.new.first
