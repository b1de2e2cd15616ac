# Storing into a frozen Hash: the uncaught FrozenError.
CONFIG = { env: "production" }.freeze
def set(key, value)
  CONFIG[key] = value
end
set(:debug, true)
