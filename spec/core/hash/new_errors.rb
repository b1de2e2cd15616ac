# Hash.new takes a default or a block, not both.
begin
  Hash.new(1, 2)
rescue ArgumentError => e
  p e.message
end
p Hash.new(5).default
begin
  Hash.new(&->(key) { key })
rescue TypeError => e
  p e.message
end
p Hash.new(&->(hash, key) { key.to_s })[:ok]
p Hash.new(&->(*args) { args.size })[:any]
h = Hash.new(0) { |hash, key| key }
p h
