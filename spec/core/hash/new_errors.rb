# Hash.new takes a default or a block, not both.
begin
  Hash.new(1, 2)
rescue ArgumentError => e
  p e.message
end
p Hash.new(5).default
h = Hash.new(0) { |hash, key| key }
p h
