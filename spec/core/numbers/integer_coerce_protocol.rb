def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

class Meters
  attr_reader :v
  def initialize(v)
    @v = v
  end

  def coerce(other)
    [Meters.new(other), self]
  end

  def +(other)
    "Meters(#{v} + #{other.v})"
  end

  def <(other)
    v < other.v
  end

  def <=>(other)
    v <=> other.v
  end
end
class BadCoerce
  def coerce(_)
    5
  end
end
class NilCoerce
  def coerce(_)
    nil
  end
end
p 1 + Meters.new(2)
p 1.5 + Meters.new(2)
p 1 < Meters.new(2)
p 3 <=> Meters.new(2)
p 1.coerce(2)
p 1.coerce(2.5)
p 1.coerce("2")
show { 1 + BadCoerce.new }
show { 1 < BadCoerce.new }
show { 1 < NilCoerce.new }
p 1 <=> NilCoerce.new
