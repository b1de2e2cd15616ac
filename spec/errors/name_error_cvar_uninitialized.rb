class Counter
  def self.count = @@count
end

Counter.count
