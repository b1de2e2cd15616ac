NETWORK_ERRORS = [IOError, TypeError]

def call(k)
  raise k, "err"
rescue *NETWORK_ERRORS => e
  "network: #{e.class}"
rescue ArgumentError, *[IndexError] => e
  "arg/index: #{e.class}"
end

p call(IOError)
p call(TypeError)
p call(ArgumentError)
p call(KeyError)
