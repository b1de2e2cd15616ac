class Particle
  attr_reader :x, :v

  def initialize(x, v)
    @x = x
    @v = v
  end

  def step
    @x += @v
    @v -= 1 if @x > 10
    self
  end
end

ps = [1, 2, 3, 4, 5].map { |i| Particle.new(i, i * 2) }
4.times { ps.each(&:step) }
p ps.map(&:x)
p ps.map(&:v)
