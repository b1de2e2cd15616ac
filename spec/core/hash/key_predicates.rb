# key?/has_key?/include?/member? test keys (by eql?); value?/has_value?
# test values (by ==).
stock = { "apples" => 3, "pears" => 0, :figs => 2.0 }
%w[apples kiwis].each do |name|
  p [stock.key?(name), stock.has_key?(name), stock.include?(name), stock.member?(name)]
end
p stock.key?(:figs), stock.key?("figs")
p stock.value?(3), stock.value?(3.0), stock.has_value?(2), stock.value?(nil)
d = Hash.new(1)
p d.key?(:x), d[:x], d.key?(:x)
n = { nil => nil }
p n.key?(nil), n.value?(nil)
