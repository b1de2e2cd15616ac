# -*- coding: us-ascii -*-
# In a US-ASCII file, String literals and __ENCODING__ are US-ASCII.
p __ENCODING__
p "abc".encoding, "a#{1}b".encoding, "a#{:sym}b".encoding, "a#{nil}b".encoding
p "abc".valid_encoding?, "abc" == "abc".b, "abc".b.encoding
p ("abc" + "x".b).encoding, ("abc" + "x".force_encoding("UTF-8")).encoding
p ("abc" + "caf\xC3\xA9".b).encoding
s = "abc"
s << 233
p s, s.encoding
