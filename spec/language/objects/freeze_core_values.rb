s = "abc".freeze
p s.frozen?
begin
  s << "d"
rescue FrozenError => e
  p e.message
end
a = [1, 2].freeze
begin
  a << 3
rescue => e
  p e.class
  p e.message
end
p 1.frozen?
p :sym.frozen?
p nil.frozen?
p "lit".frozen?
p a.map { |x| x * 2 }.frozen?
