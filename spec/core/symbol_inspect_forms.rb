p :a
p :foo?
p :foo!
p :foo=
p :+
p :<=>
p :[]
p :"9abc"
p :"with space"
p :"a-b"
p :""
p :A
p :_x
p :"é"
