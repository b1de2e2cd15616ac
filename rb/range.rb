# Range iteration: Integer ranges count directly, others step with `succ`.

class Range
  def each
    return to_enum(__method__) { size } unless block_given?
    first = self.begin
    last = self.end
    if first.is_a?(Integer) && (last.nil? || last.is_a?(Integer))
      i = first
      if last.nil?
        while true
          yield i
          i += 1
        end
      elsif exclude_end?
        while i < last
          yield i
          i += 1
        end
      else
        while i <= last
          yield i
          i += 1
        end
      end
    else
      unless first.respond_to?(:succ)
        raise TypeError, "can't iterate from #{first.class}"
      end
      current = first
      while last.nil? || (exclude_end? ? (current <=> last) < 0 : (current <=> last) <= 0)
        yield current
        current = current.succ
      end
    end
    self
  end

  def reverse_each
    return to_enum(__method__) { size } unless block_given?
    to_a.reverse.each { |x| yield x }
    self
  end

  def to_a
    if self.end.nil?
      raise RangeError, "cannot convert endless range to an array"
    end
    result = []
    each { |x| result << x }
    result
  end
  alias_method :entries, :to_a

  def size
    return nil unless self.begin.is_a?(Numeric)
    return Float::INFINITY if self.end.nil?
    count = self.end - self.begin + (exclude_end? ? 0 : 1)
    count = count.floor if count.is_a?(Float)
    count < 0 ? 0 : count
  end

  def step(n = 1)
    return Enumerator::ArithmeticSequence.new(self, [n]) unless block_given?
    i = self.begin
    if exclude_end?
      while self.end.nil? || i < self.end
        yield i
        i += n
      end
    else
      while self.end.nil? || i <= self.end
        yield i
        i += n
      end
    end
    self
  end
  alias_method :%, :step

  def sum(initial = 0)
    if block_given?
      total = initial
      each { |x| total += yield(x) }
      total
    elsif self.begin.is_a?(Integer) && self.end.is_a?(Integer)
      last = exclude_end? ? self.end - 1 : self.end
      return initial if last < self.begin
      initial + (self.begin + last) * (last - self.begin + 1) / 2
    else
      total = initial
      each { |x| total += x }
      total
    end
  end

  def map
    return to_enum(__method__) { size } unless block_given?
    result = []
    each { |x| result << yield(x) }
    result
  end

  def select
    return to_enum(__method__) { size } unless block_given?
    result = []
    each { |x| result << x if yield(x) }
    result
  end

  def last(n = (no_n = true))
    if no_n
      raise RangeError, "cannot get the last element of endless range" if self.end.nil?
      return self.end
    end
    raise RangeError, "cannot get the last element of endless range" if self.end.nil?
    unless self.begin.respond_to?(:succ)
      raise TypeError, "can't iterate from #{self.begin.class}"
    end
    to_a.last(n)
  end
end
