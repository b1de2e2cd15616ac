class Thing
  def inspect = "#<Thing>"
end
begin
  Thing.new.frobnicate(1, 2)
rescue NoMethodError => e
  p e.name
  p e.args
  p e.receiver.inspect
  p e.class.superclass
end
begin
  undefined_local_thing
rescue NameError => e
  p e.name
  p e.class
  p e.message
end
