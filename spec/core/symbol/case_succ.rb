# Case mapping and succ answer Symbols.
p :abc.upcase, :ABC.downcase, :abc.capitalize, :aBc.swapcase, :"foo bar".upcase, :"é".upcase
p :a.succ, :az.succ, :zz.succ, :a9.next, :"".succ
p :"aİı".upcase(:turkic)
begin
  :a.succ(1)
rescue => e
  p e.class, e.message
end
begin
  :a.upcase(1, 2, 3)
rescue => e
  p e.class, e.message
end
