S = Struct.new("Named", :q)
p S, S.name, S.new(1)
p Struct::Named.new(2).q
begin
  Struct.new("named", :a)
rescue NameError => e
  p e.message
end
