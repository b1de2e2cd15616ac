# split with a String separator.
p "a,b,,c,,".split(","), "a,b,,c,,".split(",", -1), ",a".split(","), "".split(","), ",".split(",")
p ",".split(",", -1), "aXXbXXc".split("XX"), "abc".split("abc"), "abc".split("x"), "a, b, c".split(", ")
p "abc".split(""), "日本語".split(""), "a-b-c".split("-", 2), "a,b,c".split(",", 1), "a,".split(",", 2)
p "a,b,c".split(",", 3), "a,b,c".split(",", 4), "abc".split("", 2), "abc".split("", -1)
r = []
p "x y z".split { |w| r << w.upcase }, r
begin
  "a".split(1)
rescue => e
  p e.class, e.message
end
