def total(list)
  list.inject(0) do |sum, x|
    raise TypeError, "not a number: #{x.inspect}" unless x.is_a?(Integer)
    sum + x
  end
end

p total([1, 2])
total([1, "two"])
