# Comparable: the comparison operators, between? and clamp, on top of <=>.
#
# A <=> that returns nil makes the ordering operators raise MRI's
# "comparison of Foo with Bar failed"; == answers false instead.

module Comparable
  # MRI's rb_cmperr text: the second operand is shown by value when it is
  # a special constant (nil, true, false, a Symbol, a fixnum) or a Float,
  # by class otherwise. Callers raise it themselves, so that the backtrace
  # names the method the comparison failed in. (Private: called with send.)
  def self.__failure_message(a, b)
    shown =
      if b.nil? || true.equal?(b) || false.equal?(b) || b.is_a?(Symbol) || b.is_a?(Float) ||
         (b.is_a?(Integer) && b >= -4611686018427387904 && b <= 4611686018427387903)
        b.inspect
      else
        b.class
      end
    "comparison of #{a.class} with #{shown} failed"
  end
  private_class_method :__failure_message

  def ==(other)
    return true if equal?(other)
    c = (self <=> other)
    return false if c.nil?
    c == 0
  end

  def >(other)
    c = (self <=> other)
    raise ArgumentError, Comparable.send(:__failure_message, self, other) if c.nil?
    c > 0
  end

  def >=(other)
    c = (self <=> other)
    raise ArgumentError, Comparable.send(:__failure_message, self, other) if c.nil?
    c >= 0
  end

  def <(other)
    c = (self <=> other)
    raise ArgumentError, Comparable.send(:__failure_message, self, other) if c.nil?
    c < 0
  end

  def <=(other)
    c = (self <=> other)
    raise ArgumentError, Comparable.send(:__failure_message, self, other) if c.nil?
    c <= 0
  end

  def between?(min, max)
    c = (self <=> min)
    raise ArgumentError, Comparable.send(:__failure_message, self, min) if c.nil?
    return false if c < 0
    c = (self <=> max)
    raise ArgumentError, Comparable.send(:__failure_message, self, max) if c.nil?
    c <= 0
  end

  # clamp(min, max) or clamp(range); a nil bound is no bound.
  def clamp(min, max = (range_form = true; nil))
    if range_form
      range = min
      unless range.is_a?(Range)
        shown = range.nil? || true.equal?(range) || false.equal?(range) ? range.inspect : range.class
        raise TypeError, "wrong argument type #{shown} (expected Range)"
      end
      min = range.begin
      max = range.end
      if !max.nil? && range.exclude_end?
        raise ArgumentError, "cannot clamp with an exclusive range"
      end
    end
    if !min.nil? && !max.nil?
      c = (min <=> max)
      raise ArgumentError, Comparable.send(:__failure_message, min, max) if c.nil?
      raise ArgumentError, "min argument must be smaller than max argument" if c > 0
    end
    unless min.nil?
      c = (self <=> min)
      raise ArgumentError, Comparable.send(:__failure_message, self, min) if c.nil?
      return self if c == 0
      return min if c < 0
    end
    unless max.nil?
      c = (self <=> max)
      raise ArgumentError, Comparable.send(:__failure_message, self, max) if c.nil?
      return max if c > 0
    end
    self
  end
end

class Numeric
  include Comparable
end

class String
  include Comparable
end
