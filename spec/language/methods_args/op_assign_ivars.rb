class Stats
  def record(x)
    @count ||= 0
    @count += 1
    @total = (@total || 0) + x
    @max ||= x
    @max = x if x > @max
    @last &&= "updated"
    @last ||= "first"
    self
  end

  def show = [@count, @total, @max, @last]
end

s = Stats.new
s.record(3).record(7).record(5)
p s.show
