# default_proc= installs a proc (nil removes it); default= replaces it
# with a plain default.
h = {}
h.default_proc = proc { |hash, key| key.to_s * 2 }
p h[:ab], h.default
h.default_proc = ->(hash, key) { [hash.size, key] }
p h[:x]
h.default = 0
p h[:x], h.default_proc
h.default_proc = lambda { |*args| args.size }
p h[:y]
h.default_proc = nil
p h[:z], h.default_proc
[5, "proc", ->(a) { a }, ->(a, b, c) { a }].each do |bad|
  h.default_proc = bad
rescue TypeError => e
  p e.message
end
p((h.default_proc = proc { |a| :one_arg_proc }).class)
p h[:q]
