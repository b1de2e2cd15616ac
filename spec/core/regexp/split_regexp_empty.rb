# split with a Regexp that can match empty.
p "abc".split(//), "héllo".split(//), "a b  c".split(/\s*/), "abc".split(/x*/)
p "abc".split(//, 2), "a,b".split(/,*/)
