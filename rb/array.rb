# Array iteration. These loop over the indices themselves (no call of
# `each`), as MRI's C methods do, so backtraces show only the method; the
# rest comes from Enumerable (rb/enumerable.rb) through `each`. Loops
# re-read `size`, so a block that changes the array is safe.

class Array
  def each
    return to_enum(__method__) { size } unless block_given?
    i = 0
    while i < size
      yield self[i]
      i += 1
    end
    self
  end

  def each_index
    return to_enum(__method__) { size } unless block_given?
    i = 0
    while i < size
      yield i
      i += 1
    end
    self
  end

  def reverse_each
    return to_enum(__method__) { size } unless block_given?
    i = size - 1
    while i >= 0
      yield self[i]
      i -= 1
      i = size - 1 if i >= size
    end
    self
  end

  def map
    return to_enum(__method__) { size } unless block_given?
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
    return to_enum(__method__) { size } unless block_given?
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
    return to_enum(__method__) { size } unless block_given?
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
    return to_enum(__method__) { size } unless block_given?
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
    return to_enum(__method__) { size } unless block_given?
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
    return to_enum(__method__) { size } unless block_given?
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
    return to_enum(__method__) { size } unless block_given?
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
    return to_enum(__method__) { size } unless block_given?
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
    return to_enum(__method__) if no_value && !block_given?
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
    return to_enum(__method__) if no_value && !block_given?
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
    return to_enum(__method__) unless block_given?
    i = 0
    while i < size
      break unless yield(self[i])
      i += 1
    end
    self[0, i]
  end

  def drop_while
    return to_enum(__method__) unless block_given?
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
    unless block_given?
      size_of = proc { n.nil? ? (empty? ? 0 : Float::INFINITY) : size * (n < 0 ? 0 : n) }
      return n.nil? ? to_enum(:cycle, &size_of) : to_enum(:cycle, n, &size_of)
    end
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

  def values_at(*selectors)
    result = []
    i = 0
    while i < selectors.size
      selector = selectors[i]
      if selector.is_a?(Range)
        first, count = __range_span(selector)
        j = 0
        while j < count
          result << self[first + j]
          j += 1
        end
      else
        result << self[selector]
      end
      i += 1
    end
    result
  end

  # fill(value, start = nil, length = nil), fill(value, range), and the
  # block forms, which store the block's result for each index.
  def fill(*args)
    if block_given?
      if args.size > 2
        raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..2)"
      end
      start, length = args
    else
      if args.empty? || args.size > 3
        raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 1..3)"
      end
      value, start, length = args
    end
    raise FrozenError, "can't modify frozen Array: #{inspect}" if frozen?
    if start.is_a?(Range)
      unless length.nil?
        raise ArgumentError, "wrong number of arguments (given #{args.size}, expected #{block_given? ? "0..1" : "1..2"})"
      end
      first, count = __range_span(start)
    else
      first = start.nil? ? 0 : Integer(start)
      first += size if first < 0
      first = 0 if first < 0
      count = length.nil? ? size - first : Integer(length)
    end
    i = first
    while i < first + count
      self[i] = block_given? ? yield(i) : value
      i += 1
    end
    self
  end

  # The first index and the count `range` selects (which may reach past
  # the end), as values_at and fill read it; RangeError when it starts
  # before the beginning.
  def __range_span(range)
    first = range.begin.nil? ? 0 : Integer(range.begin)
    first += size if first < 0
    raise RangeError, "#{range.inspect} out of range" if first < 0
    last = range.end.nil? ? size : Integer(range.end)
    last += size if last < 0
    last += 1 unless range.end.nil? || range.exclude_end?
    count = last - first
    [first, count < 0 ? 0 : count]
  end
  private :__range_span

  def product(*others)
    lists = [self]
    others.each { |other| lists << __to_array(other) }
    combos = [[]]
    lists.each do |list|
      grown = []
      combos.each { |prefix| list.each { |x| grown << (prefix + [x]) } }
      combos = grown
    end
    return combos unless block_given?
    combos.each { |combo| yield combo }
    self
  end

  def combination(n)
    n = Integer(n)
    unless block_given?
      return to_enum(:combination, n) { n < 0 || n > size ? 0 : __choose(size, n) }
    end
    if n == 0
      yield []
    elsif n > 0 && n <= size
      pool = dup
      indices = (0...n).to_a
      while true
        yield indices.map { |i| pool[i] }
        k = n - 1
        k -= 1 while k >= 0 && indices[k] == pool.size - n + k
        break if k < 0
        indices[k] += 1
        (k + 1...n).each { |j| indices[j] = indices[j - 1] + 1 }
      end
    end
    self
  end

  def permutation(n = (no_n = true; size))
    n = Integer(n)
    unless block_given?
      enum = no_n ? to_enum(:permutation) { __arrangements(size, size) } : to_enum(:permutation, n) { n < 0 || n > size ? 0 : __arrangements(size, n) }
      return enum
    end
    if n == 0
      yield []
    elsif n > 0 && n <= size
      __permute(dup, [], Array.new(size, false), n) { |p| yield p }
    end
    self
  end

  def __permute(pool, prefix, used, n, &block)
    if prefix.size == n
      yield prefix.dup
      return
    end
    i = 0
    while i < pool.size
      unless used[i]
        used[i] = true
        prefix << pool[i]
        __permute(pool, prefix, used, n, &block)
        prefix.pop
        used[i] = false
      end
      i += 1
    end
  end
  private :__permute

  def __choose(n, k)
    k = n - k if k > n - k
    result = 1
    (1..k).each { |i| result = result * (n - k + i) / i }
    result
  end
  private :__choose

  def __arrangements(n, k)
    return 0 if k < 0 || k > n
    result = 1
    (n - k + 1..n).each { |i| result *= i }
    result
  end
  private :__arrangements

  def __to_array(value)
    return value if value.is_a?(Array)
    converted = value.respond_to?(:to_ary) ? value.to_ary : nil
    return converted if converted.is_a?(Array)
    shown = value.nil? ? "nil" : (value == true ? "true" : (value == false ? "false" : value.class.to_s))
    raise TypeError, "no implicit conversion of #{shown} into Array"
  end
  private :__to_array

  def assoc(key)
    i = 0
    while i < size
      x = self[i]
      return x if x.is_a?(Array) && !x.empty? && x[0] == key
      i += 1
    end
    nil
  end

  def rassoc(value)
    i = 0
    while i < size
      x = self[i]
      return x if x.is_a?(Array) && x.size > 1 && x[1] == value
      i += 1
    end
    nil
  end

  # Binary search: find-minimum mode (the block answers true/false/nil) or
  # find-any mode (it answers a number: 0 found, negative go left).
  def bsearch_index
    return to_enum(:bsearch_index) unless block_given?
    low = 0
    high = size
    found = nil
    while low < high
      mid = low + (high - low) / 2
      verdict = yield self[mid]
      if verdict == true
        found = mid
        high = mid
      elsif verdict.nil? || verdict == false
        low = mid + 1
      elsif verdict.is_a?(Numeric)
        return mid if verdict == 0
        if verdict < 0
          high = mid
        else
          low = mid + 1
        end
      else
        raise TypeError, "wrong argument type #{verdict.class} (must be numeric, true, false or nil)"
      end
    end
    found
  end

  def bsearch
    return to_enum(:bsearch) unless block_given?
    index = bsearch_index { |x| yield x }
    index.nil? ? nil : self[index]
  end

  def slice!(*args)
    raise FrozenError, "can't modify frozen Array: #{inspect}" if frozen?
    if args.size == 2
      first = Integer(args[0])
      count = Integer(args[1])
      first += size if first < 0
      return nil if first < 0 || first > size || count < 0
      removed = self[first, count]
      self[first, count] = []
      removed
    elsif args.size == 1 && args[0].is_a?(Range)
      removed = self[args[0]]
      return nil if removed.nil?
      first = args[0].begin.nil? ? 0 : Integer(args[0].begin)
      first += size if first < 0
      self[first, removed.size] = []
      removed
    elsif args.size == 1
      index = Integer(args[0])
      index += size if index < 0
      return nil if index < 0 || index >= size
      delete_at(index)
    else
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 1..2)"
    end
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
