$counter_loads = ($counter_loads || 0) + 1
puts "counter_lib loading"

module CounterLib
  def self.value = 42
end
