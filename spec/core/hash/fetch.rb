# fetch: the value, the default argument, or the block's value.
config = { host: "localhost", port: 8080, debug: false }
p config.fetch(:host)
p config.fetch(:debug)
p config.fetch(:timeout, 30)
p config.fetch(:timeout) { |key| "no #{key}" }
p config.fetch(:port, 1) { 2 }
p config.fetch(:user, nil)
x = Hash.new(5)
p x.fetch(:a, :given)
begin
  config.fetch
rescue ArgumentError => e
  p e.message
end
begin
  config.fetch(1, 2, 3)
rescue ArgumentError => e
  p e.message
end
p config.fetch(:retries, 1) { |k| k }
