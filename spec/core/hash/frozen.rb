# Every mutator of a frozen Hash raises FrozenError naming the Hash;
# readers still work.
h = { a: 1, b: nil }.freeze
p h.frozen?, h[:a], h.map { |k, v| k }, h.merge(c: 3), h.select { true }.frozen?
[
  -> { h[:c] = 1 },
  -> { h.store(:a, 2) },
  -> { h.delete(:a) },
  -> { h.delete(:zz) },
  -> { h.clear },
  -> { h.default = 0 },
  -> { h.default_proc = proc {} },
  -> { h.merge!({}) },
  -> { h.update(c: 1) },
  -> { h.replace({}) },
  -> { h.shift },
  -> { h.compact! },
  -> { h.select! { true } },
  -> { h.reject! { false } },
  -> { h.keep_if { true } },
  -> { h.delete_if { false } },
  -> { h.transform_values!(&:to_s) },
  -> { h.transform_keys!(&:to_s) },
  -> { h.compare_by_identity },
  -> { h.rehash },
].each do |change|
  change.call
rescue FrozenError => e
  puts e.message
  p e.receiver.equal?(h)
end
p h
d = h.dup
d[:c] = 3
p d, d.frozen?, h.clone.frozen?
