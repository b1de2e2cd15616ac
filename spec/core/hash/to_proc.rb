# A Hash as a block: each element is looked up as a key.
names = { 1 => "one", 2 => "two", 3 => "three" }
p [1, 3, 4].map(&names)
pr = names.to_proc
p pr.call(2), pr.lambda?, pr.arity
Hash.new { |_, n| n * 10 }.then { |h| p [5, 6].map(&h) }
begin
  pr.call(1, 2)
rescue ArgumentError => e
  p e.message
end
