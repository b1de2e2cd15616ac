# Non-ASCII text: characters, not bytes.
s = "日本語のテキスト"
p s =~ /の/, s[/本./], s.index(/テ/), s.scan(/./).size, s.sub(/語/, "go")
m = /(本)(語)/.match(s)
p m.begin(1), m.end(2), m.pre_match, m.post_match
p "ñandú" =~ /ú$/, "über".gsub(/ü/, "ue"), "café".split(//)
