class Robot
  def inspect = "#<Robot r2>"
  def walk = "walking"
end

r = Robot.new
puts r.walk
r.fly
