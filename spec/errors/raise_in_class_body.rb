class Config
  SETTINGS = []
  SETTINGS << :a
  raise "config class body failed with #{SETTINGS.length} setting"
end
