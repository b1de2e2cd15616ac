def connect(host:, port:)
  "#{host}:#{port}"
end

puts connect(host: "a", port: 1)
connect(host: "b")
