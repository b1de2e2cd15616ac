# Regexp.escape and Regexp.quote.
p Regexp.escape("a.b*c?d+e[f]g{h}i|j(k)l^m$n\\o")
p Regexp.escape("1 2\t3\n4\r5\f6\v7-8#9/0")
p Regexp.quote("plain"), Regexp.escape(:sym), Regexp.escape("é.ü")
p Regexp.new(Regexp.escape("1+1=2")) =~ "is 1+1=2?"
begin
  Regexp.escape(5)
rescue TypeError => e
  p e.message
end
