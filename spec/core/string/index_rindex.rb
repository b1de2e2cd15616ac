# index and rindex with an offset, in characters.
s = "hello hello"
p s.index("l"), s.index("lo"), s.index("z"), s.index(""), s.index("h", 1), s.index("o", -5)
p s.index("l", 11), s.index("l", 12), s.index("", 11), s.index("", 12), s.index("h", -20)
p s.rindex("l"), s.rindex("hello"), s.rindex("z"), s.rindex(""), s.rindex("l", 5), s.rindex("l", -3)
p s.rindex("h", 0), s.rindex("e", 0), s.rindex("o", 100), s.rindex("l", -20), s.rindex("", 3)
u = "日本語の日本"
p u.index("日"), u.index("日", 1), u.index("本", -2), u.rindex("日"), u.rindex("本", 3)
p "".index(""), "".rindex(""), "".index("a")
begin
  s.index(1)
rescue => e
  p e.class, e.message
end
begin
  s.rindex(nil)
rescue => e
  p e.class, e.message
end
