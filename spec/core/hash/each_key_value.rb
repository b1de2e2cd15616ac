# each_key and each_value yield keys or values alone and return self.
inventory = { "bolts" => 120, "nuts" => 80, "washers" => 0 }
inventory.each_key { |name| print name, " " }
puts
sum = 0
r = inventory.each_value { |count| sum += count }
p sum, r.equal?(inventory)
inventory.each_key { |k, extra| p [k, extra] }
