def kind(x)
  case x
  when Integer then "integer"
  when Float then "float"
  when String, Symbol then "text"
  when Array then "array of #{x.length}"
  when Comparable then "comparable"
  when NilClass then "nil"
  else "object"
  end
end

class Thing
  def inspect = "#<Thing>"
end
[1, 2.0, "a", :b, [1, 2], nil, Thing.new, true].each do |v|
  puts "#{v.inspect}: #{kind(v)}"
end
