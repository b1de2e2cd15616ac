# A block given with a default argument wins, with a warning.
h = { a: 1 }
p h.fetch(:b, 0) { |k| "block for #{k}" }
p h.fetch(:a, 0) { |k| "block for #{k}" }
