# any? with both a pattern and a block ignores the block (with a warning).
h = { a: 1 }
p h.any?([:a, 1]) { |k, v| false }
p({}.any?(1) { |k, v| true })
p h.any?(Hash) { }
