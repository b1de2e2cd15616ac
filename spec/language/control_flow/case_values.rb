def describe(x)
  case x
  when 1 then "one"
  when 2, 3 then "two or three"
  when "s" then "string s"
  when :sym then "symbol"
  when nil then "nil"
  else "other: #{x.inspect}"
  end
end

[1, 2, 3, "s", :sym, nil, 4.0, 1.0].each { |v| puts describe(v) }
