class Words
  include Enumerable

  def initialize(text) = @words = text.split(" ")

  def each(&blk)
    @words.each(&blk)
    self
  end
end

w = Words.new("the quick brown fox jumps over the lazy dog")
p w.find { |x| x.length > 4 }
p w.sort_by { |x| [-x.length, x] }.first(3)
p w.min_by(&:length)
p w.max_by(&:length)
r = []
w.each_with_index { |x, i| r << x if i.even? }
p r
p w.map(&:length).uniq
p w.partition { |x| x < "m" }
p w.any? { |x| x == "fox" }
p w.all? { |x| x.length > 2 }
p w.count { |x| x == "the" }
p w.uniq.length
p w.reduce { |a, b| a.length >= b.length ? a : b }
