# split with a Regexp and a limit.
p "a,b,c,d".split(/,/, 2), "a,b,c,d".split(/,/, 1), "a,b,,".split(/,/, -1), "a,b,,".split(/,/, 0)
p "a1b2c3".split(/(\d)/, 2), "a,b".split(/,/, 5), ",a".split(/,/, -1)
