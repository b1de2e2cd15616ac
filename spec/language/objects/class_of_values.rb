vals = [1, 2.5, "s", :sym, nil, true, false, [1], Object]
vals.each do |v|
  puts "#{v.inspect}: #{v.class} < #{v.class.superclass.inspect}"
end
p BasicObject.superclass
p Class.superclass.superclass
