# Set, the standard library's (MRI 3.1 loads it with `require "set"`): a
# collection of unique elements kept as the keys of a Hash, so membership
# uses `hash`/`eql?` and iteration follows insertion order.

class Set
  include Enumerable

  def self.[](*items)
    new(items)
  end

  def initialize(enum = nil, &block)
    @hash = {}
    return if enum.nil?
    __each_of(enum) { |o| add(block ? block.call(o) : o) }
  end

  def initialize_copy(other)
    @hash = other.instance_variable_get(:@hash).dup
  end

  def add(o)
    @hash[o] = true
    self
  end
  alias_method :<<, :add

  def add?(o)
    include?(o) ? nil : add(o)
  end

  def delete(o)
    @hash.delete(o)
    self
  end

  def delete?(o)
    include?(o) ? delete(o) : nil
  end

  def include?(o)
    @hash.key?(o)
  end
  alias_method :member?, :include?
  alias_method :===, :include?

  def size
    @hash.size
  end
  alias_method :length, :size

  def empty?
    @hash.empty?
  end

  def clear
    @hash.clear
    self
  end

  def each(&block)
    return to_enum(:each) { size } unless block
    @hash.each_key(&block)
    self
  end

  def to_a
    @hash.keys
  end

  def to_set
    self
  end

  def merge(*enums)
    enums.each { |enum| __each_of(enum) { |o| add(o) } }
    self
  end

  def subtract(enum)
    __each_of(enum) { |o| delete(o) }
    self
  end

  def |(enum)
    dup.merge(enum)
  end
  alias_method :union, :|
  alias_method :+, :|

  def -(enum)
    dup.subtract(enum)
  end
  alias_method :difference, :-

  def &(enum)
    result = self.class.new
    __each_of(enum) { |o| result.add(o) if include?(o) }
    result
  end
  alias_method :intersection, :&

  def ^(enum)
    result = self.class.new(enum)
    each { |o| result.add(o) unless result.delete?(o) }
    result
  end

  def subset?(set)
    __check_set(set)
    size <= set.size && all? { |o| set.include?(o) }
  end
  alias_method :<=, :subset?

  def superset?(set)
    __check_set(set)
    size >= set.size && set.all? { |o| include?(o) }
  end
  alias_method :>=, :superset?

  def proper_subset?(set)
    __check_set(set)
    size < set.size && all? { |o| set.include?(o) }
  end
  alias_method :<, :proper_subset?

  def proper_superset?(set)
    __check_set(set)
    size > set.size && set.all? { |o| include?(o) }
  end
  alias_method :>, :proper_superset?

  def <=>(set)
    return nil unless set.is_a?(Set)
    return 0 if self == set
    return -1 if proper_subset?(set)
    return 1 if proper_superset?(set)
    nil
  end

  def intersect?(set)
    __check_set(set)
    size < set.size ? any? { |o| set.include?(o) } : set.any? { |o| include?(o) }
  end

  def disjoint?(set)
    !intersect?(set)
  end

  def ==(other)
    return true if equal?(other)
    other.is_a?(Set) && size == other.size && other.all? { |o| @hash.include?(o) }
  end

  def hash
    @hash.hash
  end

  def eql?(other)
    other.is_a?(Set) && @hash.eql?(other.instance_variable_get(:@hash))
  end

  def select!(&block)
    return to_enum(:select!) { size } unless block
    n = size
    keep_if(&block)
    size == n ? nil : self
  end
  alias_method :filter!, :select!

  def reject!(&block)
    return to_enum(:reject!) { size } unless block
    n = size
    delete_if(&block)
    size == n ? nil : self
  end

  def keep_if
    return to_enum(:keep_if) { size } unless block_given?
    to_a.each { |o| delete(o) unless yield(o) }
    self
  end

  def delete_if
    return to_enum(:delete_if) { size } unless block_given?
    to_a.each { |o| delete(o) if yield(o) }
    self
  end

  def map!
    return to_enum(:map!) { size } unless block_given?
    mapped = to_a.map { |o| yield(o) }
    @hash = {}
    mapped.each { |o| add(o) }
    self
  end
  alias_method :collect!, :map!

  def freeze
    @hash.freeze
    super
  end

  def inspect
    "#<Set: {#{to_a.map(&:inspect).join(", ")}}>"
  end
  alias_method :to_s, :inspect

  private

  def __each_of(enum, &block)
    if enum.respond_to?(:each_entry)
      enum.each_entry(&block)
    elsif enum.respond_to?(:each)
      enum.each(&block)
    else
      raise ArgumentError, "value must be enumerable"
    end
  end

  def __check_set(set)
    raise ArgumentError, "value must be a set" unless set.is_a?(Set)
  end
end

module Enumerable
  def to_set(klass = Set, *args, &block)
    klass.new(self, *args, &block)
  end
end
