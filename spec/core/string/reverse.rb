# reverse works on characters.
p "hello".reverse, "".reverse, "a".reverse, "héllo".reverse, "日本語".reverse, "😀ab".reverse
s = "stressed"
p s.reverse!, s, "".reverse!
