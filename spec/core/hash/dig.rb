# dig follows keys and indexes through nested Hashes and Arrays.
config = {
  database: { primary: { host: "db1", port: 5432 }, replicas: [{ host: "db2" }, { host: "db3" }] },
  features: { beta: nil },
}
p config.dig(:database, :primary, :host)
p config.dig(:database, :replicas, 1, :host)
p config.dig(:database, :replicas, -1)
p config.dig(:database, :missing, :host)
p config.dig(:features, :beta, :anything)
p config.dig(:database)
p [[1, [2, 3]]].dig(0, 1, 0)
defaults = Hash.new { |_, k| "default #{k}" }
p({ d: defaults }.dig(:d, :x))
begin
  config.dig(:database, :primary, :port, :value)
rescue TypeError => e
  p e.message
end
begin
  config.dig(:database, :replicas, :first)
rescue TypeError => e
  p e.message
end
begin
  config.dig
rescue ArgumentError => e
  p e.message
end
