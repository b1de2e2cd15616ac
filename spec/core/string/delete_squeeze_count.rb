# delete, squeeze and count take character sets (all must match).
p "hello".delete("l"), "hello".delete("a-k", "^e"), "hello".delete("^l"), "he-llo".delete("-"), "he-llo".delete("a-"), "hello".delete("")
p "hello".squeeze, "aaabbbccc".squeeze("a-b"), "a  b".squeeze(" "), "aaa".squeeze(""), "mississippi".squeeze("sp"), "日日本本".squeeze
p "hello world".count("lo"), "hello".count("a-z", "^l"), "hello".count(""), "hello".count("^"), "he^llo".count("^"), "hello".count("a-z", "^l", "eo")
s = "bookkeeper"
p s.squeeze!, s, s.squeeze!, s.delete!("p"), s, s.delete!("z")
[-> { "a".count }, -> { "a".delete }, -> { "a".count(1) }, -> { "a".squeeze("z-a") }].each do |f|
  begin
    f.call
  rescue => e
    p [e.class, e.message]
  end
end
