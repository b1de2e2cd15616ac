# Integer iteration.

class Integer
  def times
    i = 0
    while i < self
      yield i
      i += 1
    end
    self
  end

  def upto(limit)
    i = self
    while i <= limit
      yield i
      i += 1
    end
    self
  end

  def downto(limit)
    i = self
    while i >= limit
      yield i
      i -= 1
    end
    self
  end
end
