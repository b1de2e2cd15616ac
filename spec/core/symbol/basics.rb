# Symbol basics: conversions, length, empty?.
p :abc.to_s, :abc.id2name, :abc.name, :abc.to_sym, :abc.to_sym.equal?(:abc)
p :abc.length, :abc.size, :"日本".length, :"".length, :"".empty?, :a.empty?
p :abc.name.frozen?, :abc.to_s.frozen?, :abc.to_s.equal?(:abc.to_s)
s = :abc.to_s
s << "d"
p s, :abc
p :abc.class, :abc.frozen?, :abc == :abc, :abc == "abc", :abc.equal?(:"abc")
