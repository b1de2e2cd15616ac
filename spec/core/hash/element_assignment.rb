# []= and store add or replace an entry (the order of first insertion is
# kept) and return the value assigned.
h = {}
p(h[:b] = 2)
p h.store(:a, 1)
h[:c] = 3
h[:b] = 20
p h, h.keys

key = "name"
h = { key => "rhizome" }
p h.keys[0].frozen?, key.frozen?, h.keys[0].equal?(key)
key << "!"
p h, h["name"]
frozen_key = "id".freeze
h[frozen_key] = 7
p h.keys.last.equal?(frozen_key)

arr = [1, 2]
h = { arr => :pair }
p h[[1, 2]]
begin
  h.store(:x)
rescue ArgumentError => e
  p e.message
end
