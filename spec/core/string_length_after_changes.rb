# A String's length and character indexes follow every change of its
# bytes (rhizome remembers the character count until the bytes change).

s = +"abc"
p s.length, s[1], s[-1]
s << "dé"
p s.length, s[4], s[-1], s[3]
s.replace("日本語")
p s.length, s[0], s[2], s[3], s.size
s.insert(1, "x")
p s, s.length, s[1], s[2]
s.clear
p s.length, s[0]
s << "plain"
p s.length, s[4]
s[0] = "ñ"
p s, s.length, s[1]
s.upcase!
p s, s.length
s.slice!(0)
p s, s.length
s.concat("ü", "z")
p s, s.length, s[-2]
s.sub!("ü", "u")
p s, s.length
s.gsub!(/[a-z]/i) { |c| c * 2 }
p s, s.length, s[9]
s.squeeze!
p s, s.length
s.setbyte(0, 0xC3)
p s.valid_encoding?, s.length
t = "ab\xffcd"
p t.length, t[2], t[3]
u = t.dup
u << "é"
p t.length, u.length, u[-1]
v = "x" * 10
p v.length
v.prepend("ça ")
p v.length, v[1], v[2]
v.chop!
p v.length
v.reverse!
p v, v[0], v[-1]

# The tokenizer pattern: length and [] of one long String, again and again.
text = ("let x = 1 in x + 2; " * 200) + "é"
count = 0
i = 0
while i < text.length
  count += 1 if text[i] == "x"
  i += 1
end
p count, text.length, text[-1], text[text.length - 2]

# setbyte changes one byte, counting from the end when negative.
w = +"hello"
p w.setbyte(0, 74), w, w.setbyte(-1, 0x1FF), w
w.setbyte(1, 0xC3)
p w.valid_encoding?, w.length
begin
  w.setbyte(5, 1)
rescue IndexError => e
  p e.message
end
begin
  w.setbyte(-6, 1)
rescue IndexError => e
  p e.message
end
begin
  "x".freeze.setbyte(0, 1)
rescue FrozenError => e
  p e.message
end
# spec: skip-mode gc-stress 0.5 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
