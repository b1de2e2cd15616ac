# A variable that a superclass's method adds after `initialize`, on
# objects of two subclasses that share their shapes: the write that adds
# it was seen for one class; once its guard fails for the other, the
# write goes by name and the method stays compiled (no deoptimisation
# loop).
class Task
  def initialize(n)
    @n = n
  end

  def start(at)
    @started = at
    self
  end

  def waited = @started - @n
end

class CpuTask < Task
end

class IoTask < Task
end

total = 0
4000.times do |i|
  klass = i < 2000 || i.even? ? CpuTask : IoTask
  total += klass.new(i).start(i * 2).waited
end
p total
p IoTask.new(1).start(5).instance_variables
