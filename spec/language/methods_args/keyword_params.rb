def connect(host:, port: 80, secure: false)
  "#{secure ? "https" : "http"}://#{host}:#{port}"
end

puts connect(host: "a")
puts connect(host: "b", port: 8080)
puts connect(secure: true, host: "c")
def kw_refers(a:, b: a * 2, c: a + b)
  [a, b, c]
end
p kw_refers(a: 1)
p kw_refers(a: 1, c: 0)
