# Strings as Hash keys: equal strings are the same key.
h = {}
h["a"] = 1
h["a".dup] = 2
h["b"] = 3
p h, h["a"], h.size
p "abc".hash == "abc".dup.hash, "abc".hash == "abd".hash, "a".eql?("a")
k = "key"
h2 = { k => 1 }
k << "!"
p h2, h2["key"], h2["key!"]
p h2.keys[0].frozen?
counts = Hash.new(0)
"the cat the hat".split.each { |w| counts[w] += 1 }
p counts
p({ "é" => 1 }["é"], [["a", 1]].to_h["a"])
