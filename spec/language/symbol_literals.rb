p :a
p :abc
puts :abc
p :"a b"
puts :"a b"
p :"abc"
p :a == :a
p :a == :b
p :"a" == :a
p :foo?
p :bar!
p :baz=
p :a.class
