# encoding: us-ascii
# In a US-ASCII file a literal with \u escapes is UTF-8, one with other bytes past ASCII ASCII-8BIT.
p "\u00e9".encoding, "\xff".encoding, "a\xff#{1}".encoding, "\xc3\xa9".encoding, "\u00e9".frozen?
x = <<~E
  \xff
E
p x.encoding, "\xc3\xa9" == "\u00e9", "\u00e9".length, "\xc3\xa9".length
