# Math.sin, cos, tan, atan and exp of a Float or an Integer call the libm
# function from compiled code, without a frame; other arguments leave
# compiled code for the core method, which converts or raises as MRI does.
def trig(x) = [Math.sin(x), Math.cos(x), Math.tan(x), Math.atan(x), Math.exp(x / 10.0)]
def trig_int(n) = [Math.sin(n), Math.cos(n), Math.atan(n), Math.exp(n % 7)]

acc = 0.0
3000.times do |i|
  acc += trig(i * 0.01).sum
  acc += trig_int(i).sum
end
p acc.round(6)
p trig(0.5), trig_int(3)
p trig(Float::NAN).map(&:nan?), trig(Float::INFINITY)[3], trig(-Float::INFINITY)[4]
p trig_int(2**70).map { |v| v.round(6) }
["1", nil, :x].each do |bad|
  begin
    trig(bad)
  rescue TypeError => e
    p [e.class, e.message]
  end
end
module Math
  def self.cos(x) = :redefined
end
p trig(1.0)[1]
