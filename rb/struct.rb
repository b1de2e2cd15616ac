# Struct's iteration (the class, its accessors and comparisons are Rust:
# src/core/structs.rs).

class Struct
  include Enumerable

  def each
    return to_enum(:each) { size } unless block_given?
    values = to_a
    i = 0
    while i < values.size
      yield values[i]
      i += 1
    end
    self
  end

  def each_pair
    return to_enum(:each_pair) { size } unless block_given?
    names = members
    values = to_a
    i = 0
    while i < values.size
      yield [names[i], values[i]]
      i += 1
    end
    self
  end

  def select
    return to_enum(:select) { size } unless block_given?
    to_a.select { |value| yield value }
  end
  alias_method :filter, :select

  def values_at(*selectors)
    to_a.values_at(*selectors)
  end

  # dig: an unknown member or an index out of range is nil here (where
  # `[]` raises), then the rest digs into what was found.
  def dig(key, *rest)
    value =
      if key.is_a?(Integer)
        to_a[key]
      elsif (key.is_a?(Symbol) || key.is_a?(String)) && members.include?(key.to_sym)
        self[key]
      end
    rest.empty? || value.nil? ? value : value.dig(*rest)
  end

  def deconstruct_keys(keys)
    result = {}
    names = members
    if keys.nil?
      names.each { |name| result[name] = self[name] }
      return result
    end
    unless keys.is_a?(Array)
      raise TypeError, "wrong argument type #{keys.class} (expected Array or nil)"
    end
    return result if keys.size > names.size
    keys.each do |key|
      break unless (key.is_a?(Symbol) || key.is_a?(String)) && names.include?(key.to_sym)
      result[key] = self[key]
    end
    result
  end
end
