# Kernel methods written in Ruby.

module Kernel
  def then
    return to_enum(__method__) unless block_given?
    yield self
  end
  alias_method :yield_self, :then

  def tap
    yield self
    self
  end

  # Runs the block until it breaks; a StopIteration raised inside ends the
  # loop too, which then returns the exception's result.
  private def loop
    return to_enum(:loop) { Float::INFINITY } unless block_given?
    while true
      yield
    end
  rescue StopIteration => e
    e.result
  end

  # Object#<=>: 0 for the same or an == object, nil otherwise.
  def <=>(other)
    equal?(other) || self == other ? 0 : nil
  end

  # Object#eql?: identity (the core classes that compare by value define
  # their own).
  def eql?(other)
    equal?(other)
  end
end

class StopIteration
  # The value the finished iteration returned (nil for a plain raise).
  def result
    @result
  end
end
