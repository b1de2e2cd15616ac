# gsub with a template, a Hash or a block.
s = "hello world"
p s.gsub("o", "0"), s.gsub("l", "<\\0>"), s.gsub("xyz", "!"), s.gsub("", "-")
p "abc".gsub("", "-"), "日本".gsub("", "-"), "".gsub("", "-"), "aaa".gsub("aa", "b")
p s.gsub("o", "o" => "0"), s.gsub("l", {}), s.gsub("l", Hash.new { |h, k| k * 2 })
p s.gsub("o") { |m| m.upcase }, s.sub("o") { 1 }, s.gsub("l") { nil }
n = 0
p s.gsub("l") { n += 1 }, n
p "a-b-c".gsub("-", "+"), "x".gsub("x", "xx")
