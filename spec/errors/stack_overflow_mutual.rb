# spec: stderr-first-line
def ping(n)
  pong(n + 1)
end
def pong(n)
  ping(n + 1)
end
puts "ping pong"
ping(0)
