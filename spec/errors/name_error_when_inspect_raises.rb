# A NameError whose receiver's inspect raises a NameError itself describes
# the receiver as #<Class:0x...>, at once (MRI builds the nested message
# lazily and never shows it).
class Temp
  include Comparable

  def initialize(d) = @deg = d
  def <=>(other) = degree <=> other.degree
  def inspect = "T(#{degree})"
end

begin
  Temp.new(50).clamp(Temp.new(0), Temp.new(100))
rescue NameError => e
  puts e.message.sub(/0x\h+/, "0x")
end
