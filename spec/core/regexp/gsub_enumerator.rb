# gsub and gsub! without a replacement or block answer an Enumerator of
# the matches.
e = "abcb".gsub(/b/)
p e, e.to_a, e.size
p "a1b22c333".gsub(/\d+/).map { |digits| digits.size }
p "hello world".gsub("o").to_a
s = +"xyx"
p s.gsub!(/x/), s
p "a-b-c".gsub(/-/).with_index.map { |dash, i| i }
