class Version
  include Comparable
  attr_reader :major, :minor

  def initialize(major, minor)
    @major, @minor = major, minor
  end

  def <=>(other)
    [major, minor] <=> [other.major, other.minor]
  end

  def to_s = "#{major}.#{minor}"
end

a = Version.new(1, 2)
b = Version.new(1, 10)
c = Version.new(1, 2)
p [a < b, a <= c, a > b, a >= c, a == c, a != b]
p a.between?(Version.new(1, 0), b)
puts a.clamp(b, Version.new(2, 0))
puts [b, a, Version.new(0, 9)].sort.join(" ")
puts [b, a].max
p a.equal?(c)
