# A default proc that builds nested Hashes on demand (a tree of settings).
tree = Hash.new { |hash, key| hash[key] = Hash.new(&hash.default_proc) }
tree[:server][:http][:port] = 8080
tree[:server][:http][:host] = "localhost"
tree[:server][:tls][:enabled] = false
tree[:client][:retries] = 3
p tree
p tree[:server][:http].keys
p tree.dig(:server, :tls, :enabled)
p tree.key?(:missing), tree[:missing], tree.key?(:missing)

def paths(hash, prefix = [])
  hash.flat_map do |key, value|
    value.is_a?(Hash) ? paths(value, prefix + [key]) : [(prefix + [key]).join(".") + "=#{value}"]
  end
end
puts paths(tree)
