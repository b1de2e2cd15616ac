# find/detect return the first [key, value] pair the block accepts.
servers = { alpha: { load: 0.9 }, beta: { load: 0.2 }, gamma: { load: 0.1 } }
p servers.find { |_, info| info[:load] < 0.5 }
p servers.detect { |name, _| name == :gamma }
p servers.find { |_, info| info[:load] > 1 }
p servers.find(-> { :none }) { false }
name, info = servers.min_by { |_, info| info[:load] }
p name, info
p servers.find_index { |k, _| k == :beta }
p servers.find_index([:beta, { load: 0.2 }])
p servers.first, servers.first(2).map(&:first)
p servers.include?(:alpha), servers.to_a.include?([:alpha, { load: 0.9 }])
