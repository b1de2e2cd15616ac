# transform_keys renames keys by a block or by a Hash (the block renames
# the keys the Hash does not mention); transform_keys! works in place.
row = { "id" => 7, "name" => "Ann", "role" => "admin" }
p row.transform_keys(&:to_sym)
p row.transform_keys { |k| k.upcase }
p row.transform_keys("id" => :user_id)
p row.transform_keys("id" => :user_id) { |k| k.to_sym }
p row.transform_keys { |k| k.size }
h = { a: 1, b: 2, c: 3 }
p h.transform_keys!({ a: :b, b: :a })
p h
h = { a: 1, b: 2 }
p h.transform_keys! { |k| k == :a ? :b : :c }
p h.transform_keys!(&:to_s), h
begin
  h.transform_keys(5)
rescue TypeError => e
  p e.message
end
