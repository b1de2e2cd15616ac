# A block made without the frames it is written in (a call from inlined
# code that is not inlined) holds its `self` and captured variables while
# the callee collects garbage: under --gc-stress every allocation collects.
class Holder
  def initialize(name) = @name = name

  def each_twice(*extra)
    yield 1
    yield 2
  end

  def tagged(suffix)
    out = nil
    each_twice { |i| out = "#{@name}-#{suffix}-#{i}" }
    out
  end
end

class Driver
  def initialize = @holder = Holder.new("h")
  def run(n) = @holder.tagged(n)
end

d = Driver.new
last = nil
1300.times { |n| last = d.run(n) }
p last
