# select/filter/reject return a new Hash; their blocks get the key and the
# value as two arguments (a one-parameter block sees the key).
ages = { ann: 31, bob: 17, cid: 45, dan: 12 }
adults = ages.select { |_, age| age >= 18 }
p adults, adults.class
p ages.filter { |name, _| name.to_s < "c" }
p ages.reject { |_, age| age >= 18 }
p ages.select { |name| name == :bob }
p ages.reject { |*pair| pair[1] > 20 }
p ages.select { true }.equal?(ages)
d = Hash.new(0)
d[:a] = 1
p d.select { true }.default, d.reject { false }[:zz]
p ages.find_all { |name, age| age > 40 }
p ages.filter_map { |name, age| name if age.odd? }
adding = { a: 1 }
p adding.select { |k, v| adding[:b] = 2; true }, adding
