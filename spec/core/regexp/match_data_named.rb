# Named groups: names, named_captures, and a name given twice.
m = /(?<first>\w+) (?<last>\w+)(?<suffix> Jr\.)?/.match("John Smith")
p m.names, m.named_captures, m[:suffix]
n = /(?<v>\d+)|(?<v>[a-z]+)/.match("abc")
p n, n[:v], n.named_captures, n.captures, n.names, n.begin(:v)
p(/(?<x>a)(b)/.match("ab").to_a)
