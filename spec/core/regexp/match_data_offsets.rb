# begin, end and offset count characters, not bytes.
m = /(ü+)(x)?(b)/.match("aéüüb")
p m.begin(0), m.end(0), m.offset(0), m.begin(1), m.end(1), m.offset(2), m.begin(3)
n = /(?<w>b+)/.match("aabbcc")
p n.begin(:w), n.end("w"), n.offset(:w)
p m.match(1), m.match_length(1), m.match(2), m.match_length(2)
