# format and String#% join the encodings of the format and its %s/%p Strings.
p ("%s" % "é".b), ("%s" % "é".b).encoding, format("%s-%d", "\xff".b, 3).encoding, format("%d", 3).encoding
p ("%s" % "a".b).encoding, ("a%s" % "é").encoding, ("%p" % ["é".b]).encoding, ("%s" % [nil]).encoding
p (("é %s" % "\xff".b) rescue $!), (("%s%s" % ["é", "\xff".b]) rescue $!)
p "%s".b % "é", ("%s".b % "é").encoding, ("%s".force_encoding("US-ASCII") % 1).encoding
s = format("%s", "\xC3".b); s << "\xA9".b; p s, s.encoding
