class Tracker
  @instances = 0

  class << self
    attr_accessor :instances
  end

  def initialize
    self.class.instances += 1
  end
end

class SubTracker < Tracker
  @instances = 100
end

Tracker.new
Tracker.new
SubTracker.new
p Tracker.instances
p SubTracker.instances
p Tracker.instance_variables
