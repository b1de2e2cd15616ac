# replace, clear and insert.
s = "hello"
p s.replace("bye"), s
p s.clear, s, s.empty?
s = "abc"
p s.insert(0, "X"), s.insert(-1, "Y"), s.insert(2, "_"), s.insert(-3, "-")
p "abc".insert(3, "!"), "abc".insert(-4, "!"), "héllo".insert(2, "*")
[[5, "x"], [-5, "x"], [1, 2]].each do |index, value|
  begin
    "abc".insert(index, value)
  rescue => e
    p e.class, e.message
  end
end
t = "same"
p t.replace(t), t
