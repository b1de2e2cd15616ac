# slice/except pick or drop keys; values_at/fetch_values read several.
user = { id: 1, name: "Ann", email: "ann@example.com", admin: false }
p user.slice(:name, :email), user.slice(:missing), user.slice
p user.except(:admin), user.except(:admin, :id, :nope), user.except
p user.values_at(:id, :name, :nope)
p user.fetch_values(:id, :admin)
p user.fetch_values(:id, :nope) { |k| "<#{k}>" }
p user.fetch_values
d = Hash.new("?")
d[:x] = 1
p d.values_at(:x, :y), d.slice(:y), d.except(:x).default
