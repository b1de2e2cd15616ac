class Counter
  def add(n)
    "add #{n}"
  end
end

class DoubleCounter < Counter
  def add(n)
    results = []
    [1, 2].each do |i|
      results << super
      results << super(n * 10 + i)
    end
    results
  end
end

p DoubleCounter.new.add(7)
