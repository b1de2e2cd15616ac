def load_config(path)
  File.read(path)
end
puts "loading"
load_config("missing_config.yml")
