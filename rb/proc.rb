# Composition and currying of Procs and Methods.
#
# `f >> g` calls f, then g with its result; `f << g` the other way round.
# The composition is a lambda when the Proc called first is one (MRI's
# rule). `curry` collects arguments over several calls until there are
# enough, then calls the original.

class Proc
  def >>(other)
    raise TypeError, "callable object is expected" unless other.respond_to?(:call)
    first = self
    if lambda?
      lambda { |*args, &blk| other.call(first.call(*args, &blk)) }
    else
      proc { |*args, &blk| other.call(first.call(*args, &blk)) }
    end
  end

  def <<(other)
    raise TypeError, "callable object is expected" unless other.respond_to?(:call)
    last = self
    if !other.respond_to?(:lambda?) || other.lambda?
      lambda { |*args, &blk| last.call(other.call(*args, &blk)) }
    else
      proc { |*args, &blk| last.call(other.call(*args, &blk)) }
    end
  end

  def curry(arity = nil)
    required = self.arity < 0 ? -self.arity - 1 : self.arity
    if arity.nil?
      arity = required
    elsif lambda? && (self.arity >= 0 ? arity != required : arity < required)
      expected = self.arity >= 0 ? required.to_s : "#{required}+"
      raise ArgumentError, "wrong number of arguments (given #{arity}, expected #{expected})"
    end
        callable = self
    curried = nil
    curried = lambda do |given|
      collect = lambda do |*args|
        all = given + args
        all.size >= arity ? callable.call(*all) : curried.call(all)
      end
      callable.lambda? ? collect : proc { |*args| collect.call(*args) }
    end
    curried.call([])
  end
end

class Method
  def >>(other)
    to_proc >> other
  end

  def <<(other)
    to_proc << other
  end

  def curry(arity = nil)
    to_proc.curry(arity)
  end
end
