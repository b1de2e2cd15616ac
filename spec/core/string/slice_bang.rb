# slice! removes what [] selects and returns it (nil: nothing removed).
s = "hello world"
p s.slice!(0), s
p s.slice!(-1), s
p s.slice!(1, 3), s
p s.slice!(1..2), s
p s.slice!("l"), s
p s.slice!("zz"), s
p s.slice!(10), s
p s.slice!(3), s
p s.slice!(3, 2), s
t = "日本語"
p t.slice!(1), t
u = "abc"
p u.slice!(1..), u
p u.slice!(5..), u
begin
  "abc".freeze.slice!(5)
rescue => e
  p e.class, e.message
end
