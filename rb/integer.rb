# Integer iteration.

class Integer
  def times
    return to_enum(__method__) { self < 0 ? 0 : self } unless block_given?
    i = 0
    while i < self
      yield i
      i += 1
    end
    self
  end

  def upto(limit)
    return to_enum(__method__, limit) { limit < self ? 0 : limit - self + 1 } unless block_given?
    i = self
    while i <= limit
      yield i
      i += 1
    end
    self
  end

  def downto(limit)
    return to_enum(__method__, limit) { limit > self ? 0 : self - limit + 1 } unless block_given?
    i = self
    while i >= limit
      yield i
      i -= 1
    end
    self
  end
end
