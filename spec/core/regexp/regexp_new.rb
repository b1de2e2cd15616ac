# Regexp.new and Regexp.compile from a String, with options.
r = Regexp.new("h(.)llo")
p r, r.source, r =~ "say hello", $1
p Regexp.new("a", Regexp::IGNORECASE), Regexp.new("a", Regexp::MULTILINE | Regexp::EXTENDED)
p Regexp.new("a", true), Regexp.new("a", nil), Regexp.new("a", false)
p Regexp.compile("x.z") =~ "xyz"
p Regexp.new(/ab/i), Regexp.new("a/b"), Regexp.new("a/b").source
p Regexp.new("\n"), Regexp.new("\t")
