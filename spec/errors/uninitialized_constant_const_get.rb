module Registry
  KNOWN = 1
end

p Registry.const_get(:KNOWN)
Registry.const_get(:Unknown)
