# warn's keywords: uplevel: prefixes the caller's location, category:
# :deprecated is off by default; $VERBOSE nil silences warn; $stderr may
# be any IO.
def helper
  warn "from helper", uplevel: 0
end
helper
def outer
  warn "one up", uplevel: 1
end
outer
warn "far up", uplevel: 5
warn "deprecated", category: :deprecated
warn "experimental", category: :experimental
begin
  warn "x", category: :foo
rescue ArgumentError => e
  p e.message
end
begin
  warn "x", uplevel: -1
rescue ArgumentError => e
  p e.message
end
p $VERBOSE
$VERBOSE = nil
warn "silent"
$VERBOSE = false
$stderr = $stdout
warn "now on stdout"
