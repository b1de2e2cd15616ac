# Hash iteration: the methods MRI writes as loops over the table in C.
#
# They walk the entries by position with the private helpers of
# src/core/hash/primitives.rs, never by calling `each`, so backtraces show
# the method alone, as MRI's do. While a block runs, the Hash's iteration
# level is raised (and lowered again in an ensure clause, however the loop
# ends): the block may change or delete entries, but adding a key raises
# "can't add a new key into hash during iteration".
#
# What the block receives follows MRI: `each` and `any?` yield one
# `[key, value]` pair (a block with two parameters takes it apart), while
# `select`, `reject`, their bang forms and `to_h` yield the key and the
# value as two values (so `|*a|` sees `[key, value]` and `|x|` the key
# alone). `select`, `reject` and `transform_values` walk a private copy, as
# MRI does, so their blocks may even add keys to the receiver.
#
# Everything else (map, count, find, min_by, sort_by, group_by, inject,
# each_with_index, ...) is Enumerable's, through `each`.

class Hash
  include Enumerable

  def each
    return to_enum(__method__) { size } unless block_given?
    __iter_begin(self)
    begin
      i = 0
      while (i = __next_entry(self, i))
        yield __pair_at(self, i)
        i += 1
      end
    ensure
      __iter_end(self)
    end
    self
  end
  alias_method :each_pair, :each

  def each_key
    return to_enum(__method__) { size } unless block_given?
    __iter_begin(self)
    begin
      i = 0
      while (i = __next_entry(self, i))
        yield __key_at(self, i)
        i += 1
      end
    ensure
      __iter_end(self)
    end
    self
  end

  def each_value
    return to_enum(__method__) { size } unless block_given?
    __iter_begin(self)
    begin
      i = 0
      while (i = __next_entry(self, i))
        yield __value_at(self, i)
        i += 1
      end
    ensure
      __iter_end(self)
    end
    self
  end

  # select, filter and reject walk a copy (class Hash, no default) and
  # delete from it what they do not keep.
  def select
    return to_enum(__method__) { size } unless block_given?
    result = __plain_copy(self, false)
    __iter_begin(result)
    i = 0
    while (i = __next_entry(result, i))
      __delete_at(result, i) unless yield(__key_at(result, i), __value_at(result, i))
      i += 1
    end
    __iter_end(result)
    result
  end
  alias_method :filter, :select

  def reject
    return to_enum(__method__) { size } unless block_given?
    result = __plain_copy(self, false)
    __iter_begin(result)
    i = 0
    while (i = __next_entry(result, i))
      __delete_at(result, i) if yield(__key_at(result, i), __value_at(result, i))
      i += 1
    end
    __iter_end(result)
    result
  end

  # The in-place filters: select!/filter!/reject! answer nil when nothing
  # was deleted; keep_if/delete_if answer self.
  def select!
    return to_enum(__method__) { size } unless block_given?
    __modify_check(self)
    before = size
    __iter_begin(self)
    begin
      i = 0
      while (i = __next_entry(self, i))
        __delete_at(self, i) unless yield(__key_at(self, i), __value_at(self, i))
        i += 1
      end
    ensure
      __iter_end(self)
    end
    size == before ? nil : self
  end
  alias_method :filter!, :select!

  def keep_if
    return to_enum(__method__) { size } unless block_given?
    __modify_check(self)
    __iter_begin(self)
    begin
      i = 0
      while (i = __next_entry(self, i))
        __delete_at(self, i) unless yield(__key_at(self, i), __value_at(self, i))
        i += 1
      end
    ensure
      __iter_end(self)
    end
    self
  end

  def reject!
    return to_enum(__method__) { size } unless block_given?
    __modify_check(self)
    before = size
    __iter_begin(self)
    begin
      i = 0
      while (i = __next_entry(self, i))
        __delete_at(self, i) if yield(__key_at(self, i), __value_at(self, i))
        i += 1
      end
    ensure
      __iter_end(self)
    end
    size == before ? nil : self
  end

  def delete_if
    return to_enum(__method__) { size } unless block_given?
    __modify_check(self)
    __iter_begin(self)
    begin
      i = 0
      while (i = __next_entry(self, i))
        __delete_at(self, i) if yield(__key_at(self, i), __value_at(self, i))
        i += 1
      end
    ensure
      __iter_end(self)
    end
    self
  end

  # Without a block: self, or for a subclass a Hash copy (defaults kept).
  # With one: a new Hash of the [key, value] pairs the block returns.
  def to_h
    return instance_of?(Hash) ? self : __plain_copy(self, true) unless block_given?
    result = {}
    __iter_begin(self)
    begin
      i = 0
      while (i = __next_entry(self, i))
        __set_pair(result, yield(__key_at(self, i), __value_at(self, i)))
        i += 1
      end
    ensure
      __iter_end(self)
    end
    result
  end

  def any?(pattern = (no_pattern = true))
    return false if empty?
    if no_pattern
      return true unless block_given?
      __iter_begin(self)
      begin
        i = 0
        while (i = __next_entry(self, i))
          return true if yield(__pair_at(self, i))
          i += 1
        end
      ensure
        __iter_end(self)
      end
    else
      __warn("given block not used") if block_given?
      __iter_begin(self)
      begin
        i = 0
        while (i = __next_entry(self, i))
          return true if pattern === __pair_at(self, i)
          i += 1
        end
      ensure
        __iter_end(self)
      end
    end
    false
  end

  # The pairs (or the block's values) are collected, then summed by
  # Array#sum's algorithm (exact for Integers, compensated for Floats).
  def sum(init = 0)
    values = []
    __iter_begin(self)
    begin
      i = 0
      while (i = __next_entry(self, i))
        values << (block_given? ? yield(__pair_at(self, i)) : __pair_at(self, i))
        i += 1
      end
    ensure
      __iter_end(self)
    end
    __sum(values, init)
  end

  def transform_values
    return to_enum(__method__) { size } unless block_given?
    result = __plain_copy(self, false)
    __iter_begin(result)
    i = 0
    while (i = __next_entry(result, i))
      __set_value_at(result, i, yield(__value_at(result, i)))
      i += 1
    end
    __iter_end(result)
    result
  end

  def transform_values!
    return to_enum(__method__) { size } unless block_given?
    __modify_check(self)
    __iter_begin(self)
    begin
      i = 0
      while (i = __next_entry(self, i))
        __set_value_at(self, i, yield(__value_at(self, i)))
        i += 1
      end
    ensure
      __iter_end(self)
    end
    self
  end

  # transform_keys(mapping) renames the keys the mapping has (the block,
  # if any, renames the others); without a mapping the block renames all.
  def transform_keys(mapping = (no_mapping = true))
    return to_enum(__method__) { size } if no_mapping && !block_given?
    mapping = __to_hash(mapping) unless no_mapping
    result = {}
    __iter_begin(self)
    begin
      i = 0
      while (i = __next_entry(self, i))
        key = __key_at(self, i)
        value = __value_at(self, i)
        if no_mapping
          result[yield(key)] = value
        elsif mapping.key?(key)
          result[mapping[key]] = value
        elsif block_given?
          result[yield(key)] = value
        else
          result[key] = value
        end
        i += 1
      end
    ensure
      __iter_end(self)
    end
    result
  end

  # MRI's algorithm: the pairs are taken first; each old key is deleted
  # unless an earlier pair already produced it as a new key.
  def transform_keys!(mapping = (no_mapping = true))
    return to_enum(__method__) { size } if no_mapping && !block_given?
    mapping = __to_hash(mapping) unless no_mapping
    __modify_check(self)
    pairs = to_a
    new_keys = {}
    i = 0
    while i < pairs.size
      key, value = pairs[i]
      new_key =
        if no_mapping
          yield(key)
        elsif mapping.key?(key)
          mapping[key]
        elsif block_given?
          yield(key)
        else
          key
        end
      delete(key) unless new_keys.key?(key)
      self[new_key] = value
      new_keys[new_key] = nil
      i += 1
    end
    self
  end

  def to_proc
    hash = self
    lambda { |key| hash[key] }
  end
end
