# [] with a String: that string if it occurs.
s = "hello world"
p s["world"], s["o w"], s["xyz"], s[""], ""[""], ""["a"]
r = s["hello"]
r << "!"
p r, s
p "日本語"["本"], "日本語"["中"], s.slice("lo")
