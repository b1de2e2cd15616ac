def overrides_return
  return :body
ensure
  return :ensure
end

def overrides_raise
  raise "lost"
ensure
  return :swallowed
end

def ensure_value_ignored
  :body
ensure
  :ensure_ignored
end

p overrides_return
p overrides_raise
p ensure_value_ignored
