# Enumerator's iteration (the object itself and `each` are Rust:
# src/core/enumerator.rs). Everything here goes through `each`, which makes
# the recorded call with a block.

class Enumerator
  include Enumerable

  # `Enumerator.new { |yielder| ... }`: the block is the iteration;
  # `yielder << x` and `yielder.yield(x, y)` hand values to `each`'s block.
  def initialize(size = nil, &block)
    raise ArgumentError, "tried to create Proc object without a block" unless block
    __set_source(Generator.new(&block), :each, [], size)
  end

  def with_index(offset = 0)
    return to_enum(:with_index, offset) { size } unless block_given?
    i = offset.nil? ? 0 : Integer(offset)
    each do |*xs|
      value = xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs)
      result = yield(value, i)
      i += 1
      result
    end
  end

  def each_with_index
    return to_enum(:each_with_index) { size } unless block_given?
    with_index(0) { |value, i| yield(value, i) }
  end

  def with_object(memo)
    return to_enum(:with_object, memo) { size } unless block_given?
    each do |*xs|
      yield(xs.size == 1 ? xs[0] : (xs.empty? ? nil : xs), memo)
    end
    memo
  end
  alias_method :each_with_object, :with_object

  # What `step` answers without a block (`1.step(10, 3)`,
  # `(1..10).step(2)`): an Enumerator that knows its first value, last
  # value and step.
  class ArithmeticSequence < Enumerator
    def initialize(receiver, args)
      __set_source(receiver, :step, args, nil)
    end

    def begin
      receiver = __source[0]
      receiver.is_a?(Range) ? receiver.begin : receiver
    end

    def end
      receiver, _, args = __source
      receiver.is_a?(Range) ? receiver.end : args[0]
    end

    def step
      receiver, _, args = __source
      (receiver.is_a?(Range) ? args[0] : args[1]) || 1
    end

    def exclude_end?
      receiver = __source[0]
      receiver.is_a?(Range) ? receiver.exclude_end? : false
    end

    def size
      return Float::INFINITY if self.end.nil?
      count = 0
      each { count += 1 }
      count
    end

    def last
      result = nil
      each { |x| result = x }
      result
    end

    def ==(other)
      other.is_a?(ArithmeticSequence) && self.begin == other.begin &&
        self.end == other.end && step == other.step && exclude_end? == other.exclude_end?
    end

    def inspect
      receiver, _, args = __source
      shown = receiver.is_a?(Range) ? "(#{receiver.inspect})" : receiver.inspect
      list = args.map(&:inspect).join(", ")
      "(#{shown}.step#{args.empty? ? "" : "(#{list})"})"
    end
    alias_method :to_s, :inspect
  end

  # The iteration of `Enumerator.new`.
  class Generator
    def initialize(&block)
      @block = block
    end

    def each(*args, &block)
      @block.call(Yielder.new(&block), *args)
    end
  end

  # What an `Enumerator.new` block sees: `<<` and `yield` pass values on to
  # the block of the `each` that runs it.
  class Yielder
    def initialize(&block)
      @block = block
    end

    def yield(*values)
      @block.call(*values)
    end
    alias_method :call, :yield

    def <<(value)
      @block.call(value)
      self
    end

    def to_proc
      method(:yield).to_proc
    end
  end
end
