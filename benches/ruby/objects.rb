# Object-heavy code: many small objects with instance variables, built,
# read and combined through methods (a 2-D vector class and particles).
# Usage: objects.rb [N] (default 300 thousand steps).

class Vec2
  attr_reader :x, :y

  def initialize(x, y)
    @x = x
    @y = y
  end

  def +(other)
    Vec2.new(@x + other.x, @y + other.y)
  end

  def scale(k)
    Vec2.new(@x * k, @y * k)
  end

  def dot(other)
    @x * other.x + @y * other.y
  end
end

class Particle
  attr_reader :position, :velocity

  def initialize(position, velocity)
    @position = position
    @velocity = velocity
  end

  def step
    Particle.new(@position + @velocity, @velocity.scale(1))
  end

  def energy
    @velocity.dot(@velocity)
  end
end

n = ARGV[0] ? ARGV[0].to_i : 300_000
particles = Array.new(8) { |i| Particle.new(Vec2.new(i, -i), Vec2.new(1 + i % 3, 2 - i % 2)) }
total = 0
i = 0
while i < n
  j = 0
  while j < particles.size
    particles[j] = particles[j].step
    total += particles[j].energy
    j += 1
  end
  i += 1
end
p total
p particles[3].position.x
