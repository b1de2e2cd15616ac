# Hashes and keyword arguments: **splat copies, literal merges keep the
# last value.
def connect(host:, port: 80, **rest)
  "#{host}:#{port} #{rest}"
end
opts = { host: "example.com", timeout: 5 }
puts connect(**opts)
puts connect(**opts, port: 443)
defaults = { port: 8080, tls: false }
merged = { **defaults, tls: true, **{ host: "h" } }
p merged, defaults
def collect(**kw) = kw
k = collect(a: 1)
k[:b] = 2
p k, k.class
