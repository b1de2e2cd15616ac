def parse(s)
  Integer(s)
rescue ArgumentError
  raise RuntimeError, "config value broken"
end

parse("abc")
