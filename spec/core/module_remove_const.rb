# Module#remove_const: private; returns the value; a missing constant is a
# NameError; the name can be assigned again without a warning.
module M
  X = 1
end
p M.send(:remove_const, :X)
p defined?(M::X)
begin
  M.send(:remove_const, :X)
rescue NameError => e
  p e.message
end
begin
  Object.send(:remove_const, "Nope")
rescue NameError => e
  p e.message
end
begin
  M.remove_const(:X)
rescue NoMethodError => e
  p e.message.lines.first
end
M::X = 3
p M::X
