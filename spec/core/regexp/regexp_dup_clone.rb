# dup and clone make equal Regexps; clone keeps a literal frozen.
r = /a+/i
d = r.dup
c = r.clone
p d, d == r, d.equal?(r), d.frozen?, c.frozen?, c =~ "xAA"
