p !true
p !false
p !nil
p !0
p !""
p !!1
p !!nil
p not(true)
x = (not false)
p x
p((not nil))
p !:a
p true.!
