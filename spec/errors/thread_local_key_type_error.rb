# A bad fiber-local key is a TypeError reported from Thread#[] itself.
def lookup(key)
  Thread.current[key]
end
p lookup("a")
lookup(1)
