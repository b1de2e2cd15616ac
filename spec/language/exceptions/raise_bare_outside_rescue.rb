begin
  raise
rescue RuntimeError => e
  p e.message
  p e.class
end
p $!
begin
  raise "x"
rescue
  p $!.message
end
p $!
