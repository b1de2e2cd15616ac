# Enumerable: everything on top of the includer's `each`.
#
# An `each` may yield several values at once (`yield key, value`). As in
# MRI, most methods see them packed into one Array (`select`, `find`,
# `to_a`, `inject`, ...: `|*xs|` then `xs.size == 1 ? xs[0] : xs`, nil for
# none), while a few pass them on to their block unchanged (`map`, `count`,
# `any?`, `take_while`, ...).
#
# The methods that stop early (find, first, take_while, any?, ...) leave
# `each` with `break` or `return`, so the includer's `ensure` clauses run as
# they do under MRI. Sorting, min/max, uniq and sum collect the elements
# and hand them to the Array primitives.

module Enumerable
  # The size of an Enumerator made from a method here: the receiver's
  # `size` when it has one, as MRI's enum_size.
  def __enum_size
    respond_to?(:size) ? size : nil
  end
  private :__enum_size

  def lazy
    raise NotImplementedError, "Enumerator::Lazy is not supported by rhizome"
  end

  def to_a
    result = []
    each { |*xs| result << (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) }
    result
  end
  alias_method :entries, :to_a

  def each_entry
    return to_enum(__method__) { __enum_size } unless block_given?
    each { |*xs| yield(xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) }
    self
  end

  def map
    return to_enum(__method__) { __enum_size } unless block_given?
    result = []
    each do |*xs|
      result << yield(*xs)
    end
    result
  end
  alias_method :collect, :map

  def flat_map
    return to_enum(__method__) { __enum_size } unless block_given?
    result = []
    each do |*xs|
      value = yield(*xs)
      if value.is_a?(Array)
        result.concat(value)
      else
        result << value
      end
    end
    result
  end
  alias_method :collect_concat, :flat_map

  def filter_map
    return to_enum(__method__) { __enum_size } unless block_given?
    result = []
    each do |*xs|
      value = yield(*xs)
      result << value if value
    end
    result
  end

  def select
    return to_enum(__method__) { __enum_size } unless block_given?
    result = []
    each do |*xs|
      x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      result << x if yield(x)
    end
    result
  end
  alias_method :filter, :select
  alias_method :find_all, :select

  def reject
    return to_enum(__method__) { __enum_size } unless block_given?
    result = []
    each do |*xs|
      x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      result << x unless yield(x)
    end
    result
  end

  def partition
    return to_enum(__method__) { __enum_size } unless block_given?
    accepted = []
    rejected = []
    each do |*xs|
      x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      if yield(x)
        accepted << x
      else
        rejected << x
      end
    end
    [accepted, rejected]
  end

  def group_by
    return to_enum(__method__) { __enum_size } unless block_given?
    groups = {}
    each do |*xs|
      x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      key = yield(x)
      group = groups[key]
      if group
        group << x
      else
        groups[key] = [x]
      end
    end
    groups
  end

  def tally
    counts = {}
    each do |*xs|
      x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      counts[x] = (counts[x] || 0) + 1
    end
    counts
  end

  def to_h
    result = {}
    each do |*xs|
      x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      pair = block_given? ? yield(x) : x
      unless pair.is_a?(Array)
        name = pair.nil? || pair.equal?(true) || pair.equal?(false) ? pair.inspect : pair.class
        raise TypeError, "wrong element type #{name} (expected array)"
      end
      if pair.size != 2
        raise ArgumentError, "element has wrong array length (expected 2, was #{pair.size})"
      end
      result[pair[0]] = pair[1]
    end
    result
  end

  def find(if_none = nil)
    return to_enum(__method__) unless block_given?
    each do |*xs|
      x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      return x if yield(x)
    end
    if_none.nil? ? nil : if_none.call
  end
  alias_method :detect, :find

  def find_index(value = (no_value = true))
    return to_enum(__method__) if no_value && !block_given?
    i = 0
    if no_value
      each do |*xs|
        return i if yield(*xs)
        i += 1
      end
    else
      each do |*xs|
        return i if (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) == value
        i += 1
      end
    end
    nil
  end

  def include?(value)
    each { |*xs| return true if (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) == value }
    false
  end
  alias_method :member?, :include?

  # inject { |acc, x| }, inject(init) { |acc, x| }, inject(:op),
  # inject(init, :op).
  def inject(init = (no_init = true), op = (no_op = true))
    if no_op && !no_init && !block_given?
      op = init
      no_init = true
      no_op = false
    end
    started = !no_init
    acc = started ? init : nil
    if no_op
      each do |*xs|
        x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
        if started
          raise LocalJumpError, "no block given" unless block_given?
          acc = yield(acc, x)
        else
          acc = x
          started = true
        end
      end
    elsif op == :+
      each do |*xs|
        x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
        if started
          acc += x
        else
          acc = x
          started = true
        end
      end
    else
      each do |*xs|
        x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
        if started
          acc = acc.public_send(op, x)
        else
          acc = x
          started = true
        end
      end
    end
    acc
  end
  alias_method :reduce, :inject

  def sum(init = 0)
    values = []
    if block_given?
      each { |*xs| values << yield(xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) }
    else
      each { |*xs| values << (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) }
    end
    values.sum(init)
  end

  # `pattern === element` picks the elements (a Regexp sets `$~` in the
  # caller, which the block sees); the block maps them. Without a block a
  # Regexp is tried with `match?`, which leaves `$~` alone, as MRI does.
  def grep(pattern)
    quiet = !block_given? && pattern.is_a?(Regexp)
    result = []
    each do |*xs|
      x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      matched = quiet ? (x.is_a?(String) || x.is_a?(Symbol)) && pattern.match?(x) : pattern === x
      result << (block_given? ? yield(x) : x) if matched
    end
    result
  end

  def grep_v(pattern)
    quiet = !block_given? && pattern.is_a?(Regexp)
    result = []
    each do |*xs|
      x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      matched = quiet ? (x.is_a?(String) || x.is_a?(Symbol)) && pattern.match?(x) : pattern === x
      result << (block_given? ? yield(x) : x) unless matched
    end
    result
  end

  def count(value = (no_value = true))
    count = 0
    if !no_value
      each { |*xs| count += 1 if (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) == value }
    elsif block_given?
      each do |*xs|
        count += 1 if yield(*xs)
      end
    else
      each { |*xs| count += 1 }
    end
    count
  end

  def first(n = (no_count = true))
    if no_count
      each { |*xs| return xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs) }
      return nil
    end
    raise ArgumentError, "attempt to take negative size" if n < 0
    result = []
    return result if n == 0
    each do |*xs|
      result << (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs))
      break if result.size >= n
    end
    result
  end

  def take(n)
    raise ArgumentError, "attempt to take negative size" if n < 0
    result = []
    return result if n == 0
    each do |*xs|
      result << (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs))
      break if result.size >= n
    end
    result
  end

  def take_while
    return to_enum(__method__) unless block_given?
    result = []
    each do |*xs|
      n = xs.size
      break unless yield(*xs)
      result << (n == 1 ? xs[0] : (n == 0 ? nil : xs))
    end
    result
  end

  def drop(n)
    raise ArgumentError, "attempt to drop negative size" if n < 0
    result = []
    i = 0
    each do |*xs|
      result << (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) if i >= n
      i += 1
    end
    result
  end

  def drop_while
    return to_enum(__method__) unless block_given?
    result = []
    dropping = true
    each do |*xs|
      x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      dropping = false if dropping && !yield(x)
      result << x unless dropping
    end
    result
  end

  def any?(pattern = (no_pattern = true))
    if !no_pattern
      each { |*xs| return true if pattern === (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) }
    elsif block_given?
      each do |*xs|
        return true if yield(*xs)
      end
    else
      each { |*xs| return true if (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) }
    end
    false
  end

  def all?(pattern = (no_pattern = true))
    if !no_pattern
      each { |*xs| return false unless pattern === (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) }
    elsif block_given?
      each do |*xs|
        return false unless yield(*xs)
      end
    else
      each { |*xs| return false unless (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) }
    end
    true
  end

  def none?(pattern = (no_pattern = true))
    if !no_pattern
      each { |*xs| return false if pattern === (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) }
    elsif block_given?
      each do |*xs|
        return false if yield(*xs)
      end
    else
      each { |*xs| return false if (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) }
    end
    true
  end

  def one?(pattern = (no_pattern = true))
    found = false
    each do |*xs|
      n = xs.size
      hit =
        if !no_pattern
          pattern === (n == 1 ? xs[0] : (n == 0 ? nil : xs))
        elsif block_given?
          yield(*xs)
        else
          n == 1 ? xs[0] : n != 0
        end
      if hit
        return false if found
        found = true
      end
    end
    found
  end

  def min(n = nil, &block)
    values = []
    each { |*xs| values << (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) }
    values.min(n, &block)
  end

  def max(n = nil, &block)
    values = []
    each { |*xs| values << (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) }
    values.max(n, &block)
  end

  # MRI's pairwise minmax: each pair of elements is ordered by one
  # comparison, then its smaller member is compared with the minimum so far
  # and its larger with the maximum.
  def minmax
    min = nil
    max = nil
    started = false
    update = lambda do |low, high|
      if started
        c = block_given? ? yield(low, min) : (low <=> min)
        raise ArgumentError, Comparable.send(:__failure_message, low, min) if c.nil?
        min = low if c < 0
        c = block_given? ? yield(high, max) : (high <=> max)
        raise ArgumentError, Comparable.send(:__failure_message, high, max) if c.nil?
        max = high if c > 0
      else
        min = low
        max = high
        started = true
      end
    end
    last = nil
    pending = false
    each do |*xs|
      x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      if pending
        pending = false
        c = block_given? ? yield(last, x) : (last <=> x)
        raise ArgumentError, Comparable.send(:__failure_message, last, x) if c.nil?
        if c == 0
          update.call(last, last)
        elsif c < 0
          update.call(last, x)
        else
          update.call(x, last)
        end
      else
        last = x
        pending = true
      end
    end
    update.call(last, last) if pending
    [min, max]
  end

  # min_by(n) and max_by(n): the elements and their keys collected, then
  # chosen as MRI's rb_nmin_run chooses (Array#__nmin_by, in Rust).
  def __n_by(count, largest)
    raise ArgumentError, "negative size (#{count})" if count.is_a?(Integer) && count < 0
    values = []
    keys = []
    each do |*xs|
      x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      values << x
      keys << yield(x)
    end
    values.send(:__nmin_by, keys, count, largest)
  end
  private :__n_by

  def min_by(count = nil)
    return to_enum(__method__) { __enum_size } unless block_given?
    return __n_by(count, false) { |x| yield(x) } if count
    best = nil
    best_key = nil
    started = false
    each do |*xs|
      x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      key = yield(x)
      if started
        c = (key <=> best_key)
        raise ArgumentError, Comparable.send(:__failure_message, key, best_key) if c.nil?
        if c < 0
          best = x
          best_key = key
        end
      else
        best = x
        best_key = key
        started = true
      end
    end
    best
  end

  def max_by(count = nil)
    return to_enum(__method__) { __enum_size } unless block_given?
    return __n_by(count, true) { |x| yield(x) } if count
    best = nil
    best_key = nil
    started = false
    each do |*xs|
      x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      key = yield(x)
      if started
        c = (key <=> best_key)
        raise ArgumentError, Comparable.send(:__failure_message, key, best_key) if c.nil?
        if c > 0
          best = x
          best_key = key
        end
      else
        best = x
        best_key = key
        started = true
      end
    end
    best
  end

  def minmax_by
    return to_enum(__method__) { __enum_size } unless block_given?
    pairs = []
    each do |*xs|
      x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      pairs << [yield(x), x]
    end
    low = pairs.min_by { |pair| pair[0] }
    high = pairs.max_by { |pair| pair[0] }
    [low && low[1], high && high[1]]
  end

  def sort(&block)
    values = []
    each { |*xs| values << (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) }
    values.sort!(&block)
  end

  # The keys come from `each` (so the block runs there, as in MRI); the
  # Array primitive then sorts by them, its block handing them back in
  # order.
  def sort_by
    return to_enum(__method__) { __enum_size } unless block_given?
    values = []
    keys = []
    each do |*xs|
      x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      keys << yield(x)
      values << x
    end
    i = -1
    values.sort_by! { keys[i += 1] }
  end

  def uniq
    values = []
    if block_given?
      keys = []
      each do |*xs|
        n = xs.size
        keys << yield(*xs)
        values << (n == 1 ? xs[0] : (n == 0 ? nil : xs))
      end
      i = -1
      values.uniq! { |x| keys[i += 1] }
    else
      each { |*xs| values << (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) }
      values.uniq!
    end
    values
  end

  def each_with_index
    return to_enum(__method__) { __enum_size } unless block_given?
    i = 0
    each do |*xs|
      yield((xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)), i)
      i += 1
    end
    self
  end

  def each_with_object(memo)
    return to_enum(__method__, memo) { __enum_size } unless block_given?
    each { |*xs| yield((xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)), memo) }
    memo
  end

  # The first round walks `each` and keeps what it yields; later rounds
  # yield what was kept (as MRI does: `each` runs once).
  def cycle(n = nil)
    unless block_given?
      size_of = proc do
        size = __enum_size
        if size.nil? || size == 0 then size
        elsif n.nil? then Float::INFINITY
        else n <= 0 ? 0 : size * n
        end
      end
      return n.nil? ? to_enum(__method__, &size_of) : to_enum(__method__, n, &size_of)
    end
    return nil if !n.nil? && n <= 0
    kept = []
    each do |*xs|
      x = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      kept << x
      yield x
    end
    return nil if kept.empty?
    round = 1
    while n.nil? || round < n
      kept.each { |x| yield x }
      round += 1
    end
    nil
  end

  def each_slice(n)
    return to_enum(__method__, n) { (s = __enum_size) && (s + n - 1) / n } unless block_given?
    raise ArgumentError, "invalid slice size" if n <= 0
    # MRI makes the slices no longer than the receiver's size, so a short
    # receiver's one slice is yielded from inside `each`.
    size = __enum_size
    n = size if size.is_a?(Integer) && n > size
    slice = []
    each do |*xs|
      slice << (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs))
      if slice.size == n
        yield slice
        slice = []
      end
    end
    yield slice unless slice.empty?
    self
  end

  def each_cons(n)
    return to_enum(__method__, n) { (s = __enum_size) && [s - n + 1, 0].max } unless block_given?
    raise ArgumentError, "invalid size" if n <= 0
    size = __enum_size
    return self if size.is_a?(Integer) && n > size
    window = []
    each do |*xs|
      window << (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs))
      window.shift if window.size > n
      yield window.dup if window.size == n
    end
    self
  end

  def reverse_each
    return to_enum(__method__) { __enum_size } unless block_given?
    values = []
    each { |*xs| values << (xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)) }
    i = values.size - 1
    while i >= 0
      yield values[i]
      i -= 1
    end
    self
  end

  def zip(*others)
    others = others.map { |other| other.is_a?(Array) ? other : other.to_a }
    result = []
    i = 0
    each do |*xs|
      tuple = [xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)]
      others.each { |other| tuple << other[i] }
      if block_given?
        yield tuple
      else
        result << tuple
      end
      i += 1
    end
    block_given? ? nil : result
  end
end

class Array
  include Enumerable
end

class Range
  include Enumerable
end
