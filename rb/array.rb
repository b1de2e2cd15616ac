# Array iteration. These loop over the indices themselves (no call of
# `each`), as MRI's C methods do, so backtraces show only the method; the
# rest comes from Enumerable (rb/enumerable.rb) through `each`. Loops
# re-read `size`, so a block that changes the array is safe.

class Array
  def each
    i = 0
    while i < size
      yield self[i]
      i += 1
    end
    self
  end

  def each_index
    i = 0
    while i < size
      yield i
      i += 1
    end
    self
  end

  def reverse_each
    i = size - 1
    while i >= 0
      yield self[i]
      i -= 1
      i = size - 1 if i >= size
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
  alias_method :collect, :map

  def map!
    raise FrozenError, "can't modify frozen Array: #{inspect}" if frozen?
    i = 0
    while i < size
      self[i] = yield(self[i])
      i += 1
    end
    self
  end
  alias_method :collect!, :map!

  def select
    result = []
    i = 0
    while i < size
      x = self[i]
      result << x if yield(x)
      i += 1
    end
    result
  end
  alias_method :filter, :select

  def reject
    result = []
    i = 0
    while i < size
      x = self[i]
      result << x unless yield(x)
      i += 1
    end
    result
  end

  # The in-place filters keep the elements the block accepts as they go;
  # whatever way the loop ends (a break, an exception), the ensure clause
  # closes the gap the rejected ones left, as MRI's select_bang_ensure.
  def select!
    raise FrozenError, "can't modify frozen Array: #{inspect}" if frozen?
    i = 0
    kept = 0
    begin
      while i < size
        x = self[i]
        if yield(x)
          self[kept] = x if kept != i
          kept += 1
        end
        i += 1
      end
    ensure
      self[kept, i - kept] = [] if kept != i
    end
    i == kept ? nil : self
  end
  alias_method :filter!, :select!

  def keep_if
    raise FrozenError, "can't modify frozen Array: #{inspect}" if frozen?
    i = 0
    kept = 0
    begin
      while i < size
        x = self[i]
        if yield(x)
          self[kept] = x if kept != i
          kept += 1
        end
        i += 1
      end
    ensure
      self[kept, i - kept] = [] if kept != i
    end
    self
  end

  def reject!
    raise FrozenError, "can't modify frozen Array: #{inspect}" if frozen?
    i = 0
    kept = 0
    begin
      while i < size
        x = self[i]
        unless yield(x)
          self[kept] = x if kept != i
          kept += 1
        end
        i += 1
      end
    ensure
      self[kept, i - kept] = [] if kept != i
    end
    i == kept ? nil : self
  end

  def delete_if
    raise FrozenError, "can't modify frozen Array: #{inspect}" if frozen?
    i = 0
    kept = 0
    begin
      while i < size
        x = self[i]
        unless yield(x)
          self[kept] = x if kept != i
          kept += 1
        end
        i += 1
      end
    ensure
      self[kept, i - kept] = [] if kept != i
    end
    self
  end

  def index(value = (no_value = true))
    i = 0
    if no_value
      while i < size
        return i if yield(self[i])
        i += 1
      end
    else
      while i < size
        return i if self[i] == value
        i += 1
      end
    end
    nil
  end
  alias_method :find_index, :index

  def rindex(value = (no_value = true))
    i = size - 1
    if no_value
      while i >= 0
        return i if yield(self[i])
        i -= 1
        i = size - 1 if i >= size
      end
    else
      while i >= 0
        return i if self[i] == value
        i -= 1
        i = size - 1 if i >= size
      end
    end
    nil
  end

  def count(value = (no_value = true))
    n = 0
    i = 0
    if !no_value
      while i < size
        n += 1 if self[i] == value
        i += 1
      end
    elsif block_given?
      while i < size
        n += 1 if yield(self[i])
        i += 1
      end
    else
      n = size
    end
    n
  end

  def take_while
    i = 0
    while i < size
      break unless yield(self[i])
      i += 1
    end
    self[0, i]
  end

  def drop_while
    i = 0
    while i < size
      break unless yield(self[i])
      i += 1
    end
    self[i, size - i] || []
  end

  def any?(pattern = (no_pattern = true))
    i = 0
    if !no_pattern
      while i < size
        return true if pattern === self[i]
        i += 1
      end
    elsif block_given?
      while i < size
        return true if yield(self[i])
        i += 1
      end
    else
      while i < size
        return true if self[i]
        i += 1
      end
    end
    false
  end

  def all?(pattern = (no_pattern = true))
    i = 0
    if !no_pattern
      while i < size
        return false unless pattern === self[i]
        i += 1
      end
    elsif block_given?
      while i < size
        return false unless yield(self[i])
        i += 1
      end
    else
      while i < size
        return false unless self[i]
        i += 1
      end
    end
    true
  end

  def none?(pattern = (no_pattern = true))
    i = 0
    if !no_pattern
      while i < size
        return false if pattern === self[i]
        i += 1
      end
    elsif block_given?
      while i < size
        return false if yield(self[i])
        i += 1
      end
    else
      while i < size
        return false if self[i]
        i += 1
      end
    end
    true
  end

  def one?(pattern = (no_pattern = true))
    found = false
    i = 0
    if !no_pattern
      while i < size
        if pattern === self[i]
          return false if found
          found = true
        end
        i += 1
      end
    elsif block_given?
      while i < size
        if yield(self[i])
          return false if found
          found = true
        end
        i += 1
      end
    else
      while i < size
        if self[i]
          return false if found
          found = true
        end
        i += 1
      end
    end
    found
  end

  def cycle(n = nil)
    if n.nil?
      while size > 0
        i = 0
        while i < size
          yield self[i]
          i += 1
        end
      end
    else
      round = 0
      while round < n
        i = 0
        while i < size
          yield self[i]
          i += 1
        end
        round += 1
      end
    end
    nil
  end

  def to_h
    result = {}
    i = 0
    while i < size
      x = self[i]
      pair = block_given? ? yield(x) : x
      unless pair.is_a?(Array)
        raise TypeError, "wrong element type #{pair.class} at #{i} (expected array)"
      end
      if pair.size != 2
        raise ArgumentError, "wrong array length at #{i} (expected 2, was #{pair.size})"
      end
      result[pair[0]] = pair[1]
      i += 1
    end
    result
  end
end

# Shuffling and sampling, as MRI's array.rb writes them: the `random:`
# generator (the class Random means the default one) goes to the Rust
# halves in src/core/random.rs.
class Array
  def shuffle!(random: Random)
    __shuffle!(random)
  end

  def shuffle(random: Random)
    __shuffle(random)
  end

  def sample(n = (ary = false), random: Random)
    __sample(random, n, ary)
  end
end
