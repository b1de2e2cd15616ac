# sub with a String pattern and a replacement template.
s = "hello"
p s.sub("l", "L"), s.sub("z", "Z"), s.sub("", "-"), s
p s.sub("l", '<\0>'), s.sub("l", '<\&>'), s.sub("l", '[\`]'), s.sub("l", "[\\']"), s.sub("l", '\1x')
p s.sub("l", '\\\\'), s.sub("l", '\q'), s.sub("l", '\\'), s.sub("l", '\k')
p "a.b.c".sub(".", "-"), "日本語".sub("本", "[\\0]")
begin
  s.sub("l", '\k<name>')
rescue => e
  p e.class, e.message
end
