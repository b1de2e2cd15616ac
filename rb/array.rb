# Array iteration.

class Array
  def each
    i = 0
    while i < size
      yield self[i]
      i += 1
    end
    self
  end

  def each_with_index
    i = 0
    while i < size
      yield self[i], i
      i += 1
    end
    self
  end

  def map
    result = []
    i = 0
    while i < size
      result << yield(self[i])
      i += 1
    end
    result
  end
end
