class Counter
  @@count = 0

  def self.count
    @@count
  end

  def initialize
    @@count += 1
  end

  def count
    @@count
  end
end

class SubCounter < Counter
  def bump
    @@count += 10
  end
end

Counter.new
c = Counter.new
s = SubCounter.new
p Counter.count
p c.count
s.bump
p Counter.count
p SubCounter.count
p Counter.class_variables
p Counter.class_variable_get(:@@count)
