# merge returns a new Hash (keeping the receiver's default); later Hashes
# win, or a block decides on keys already there.
defaults = { color: "red", size: 10, tags: [] }
options = { size: 12, weight: 3 }
p defaults.merge(options)
p defaults.merge
p defaults.merge(options, { color: "blue" }, {})
p defaults.merge(options) { |key, old, new| key == :size ? old + new : new }
p defaults
counts = Hash.new(0).merge(a: 1)
p counts[:zz], counts.class
inventory = [{ apples: 2 }, { pears: 1, apples: 3 }, { apples: 1 }]
p inventory.reduce({}) { |acc, h| acc.merge(h) { |_, a, b| a + b } }
p({ **defaults, size: 1 })
class Settings < Hash; end
s = Settings.new
s[:a] = 1
p s.merge(b: 2).class
begin
  defaults.merge([1, 2])
rescue TypeError => e
  p e.message
end
seen = []
p({ a: 1, b: 2 }.merge({ b: 3 }, { a: 4 }) { |k, old, new| seen << k; old * 10 + new })
p seen
