def each_item
  yield 1
end

each_item { |x| p x }
each_item
