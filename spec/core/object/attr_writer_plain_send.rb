# attr_writer methods called by plain sends (one argument, no block): the
# value stored and returned, FrozenError on a frozen receiver, private
# writers through self.
class Point
  attr_accessor :x, :y
  attr_writer :hidden
  private attr_writer :secret

  def initialize = (@x = 0; @y = 0)
  def set_secret(v) = (self.secret = v)
  def secret_value = @secret
  def hidden_value = @hidden
  def inspect = "#<Point #{@x},#{@y}>"
end

pt = Point.new
p(pt.x = 5)
p pt.y = pt.x = 7
pt.x += 3
p [pt.x, pt.y]
p pt.set_secret(:s), pt.secret_value
pt.hidden = [1, 2]
p pt.hidden_value
begin
  pt.secret = 1
rescue NoMethodError => e
  puts e.message.lines.first
end
1000.times { |i| pt.x = pt.x + i }
p pt.x
pt.freeze
begin
  pt.x = 1
rescue FrozenError => e
  puts "#{e.message} #{e.backtrace[0][/in .*/]}"
end
p pt.x
begin
  pt.send(:x=, 1, 2)
rescue ArgumentError => e
  puts e.message
end
