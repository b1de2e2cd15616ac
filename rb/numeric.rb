# Numeric#step (Integer#step is this one, as in MRI).

class Numeric
  # divmod(other): the floored quotient and the modulus, as MRI's
  # Numeric#divmod ([3, 1.5] for 7.5.divmod(2)).
  def divmod(other)
    [div(other), self % other]
  end

  # step(limit = nil, step = 1) { |n| } (or step(to: limit, by: step)):
  # counts from self by step while not past limit (forever when limit is
  # nil). With a Float anywhere the values
  # are Floats, computed as MRI does (begin + i * step, the count rounded
  # with a relative epsilon) so they do not drift.
  def step(limit = (no_limit = true; nil), step = (no_step = true; 1), to: (no_to = true; nil), by: (no_by = true; nil))
    unless no_to
      raise ArgumentError, "to is given twice" unless no_limit
      limit = to
    end
    unless no_by
      raise ArgumentError, "step is given twice" unless no_step
      step = by
    end
    unless block_given?
      args = no_limit && no_to ? [] : [limit]
      args << step unless no_step && no_by
      return Enumerator::ArithmeticSequence.new(self, args)
    end
    raise TypeError, "step must be numeric" if step.nil?
    raise ArgumentError, "step can't be 0" if step == 0
    if is_a?(Float) || limit.is_a?(Float) || step.is_a?(Float)
      first = to_f
      unit = step.to_f
      if limit.nil?
        i = 0
        while true
          yield i * unit + first
          i += 1
        end
      end
      last = limit.to_f
      if unit.infinite?
        yield first if unit > 0 ? first <= last : first >= last
        return self
      end
      n = (last - first) / unit
      return self if n < 0
      err = (first.abs + last.abs + (last - first).abs) / unit.abs * Float::EPSILON
      err = 0.5 if err > 0.5
      count = (n + err).floor + 1
      i = 0
      while i < count
        value = i * unit + first
        value = last if unit >= 0 ? last < value : value < last
        yield value
        i += 1
      end
    elsif limit.nil?
      i = self
      while true
        yield i
        i += step
      end
    elsif step > 0
      i = self
      while i <= limit
        yield i
        i += step
      end
    else
      i = self
      while i >= limit
        yield i
        i += step
      end
    end
    self
  end
end
