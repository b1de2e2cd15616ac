# Integer#chr and Array#join give the encodings MRI gives.
p 65.chr, 65.chr.encoding, 255.chr, 255.chr.encoding, 233.chr(Encoding::UTF_8), 233.chr("UTF-8").encoding
p 0x20ac.chr(Encoding::UTF_8), 65.chr("binary").encoding, 200.chr("binary"), 65.chr("us-ascii").encoding
p (256.chr rescue $!), (-1.chr rescue $!), (0x110000.chr("UTF-8") rescue $!), (128.chr("US-ASCII") rescue $!), (256.chr("binary") rescue $!)
p (65.chr("foo") rescue $!)
p [1, 2].join.encoding, ["é".b].join.encoding, ["a", "é".b].join.encoding, [1,2].join(",").encoding, [].join.encoding
p ["a"].join.encoding, ["a", 1].join.encoding, [:a, "é"].join.encoding, [nil, 1.5].join.encoding
p (["é", "\xff".b].join rescue $!), (["é"].join("\xff".b) rescue $!), ["é", "x".b].join("-").encoding
p [["a".b, ["é"]], 1].join("|"), [["a".b, ["é"]], 1].join("|").encoding
p ([1, 2] * ","), ([1, "é".b] * ",").encoding
