# inspect shows the source with / escaped and control characters as \x.
p Regexp.new("a/b"), Regexp.new("a\\/b"), Regexp.new("a\x01b"), Regexp.new("a\x7fb")
p Regexp.new("tab\there"), Regexp.new("é/ü")
p(/a\/b/.inspect, /\//.inspect)
