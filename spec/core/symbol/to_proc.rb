# to_proc calls the method named by the symbol.
p %w[a b c].map(&:upcase), [1, 2, 3].inject(&:+), %w[x yy].map(&:length)
up = :upcase.to_proc
p up.call("abc"), up.lambda?, up.arity
p [[1, 2], [3, 4]].map(&:first)
begin
  up.call
rescue => e
  p e.class, e.message
end
