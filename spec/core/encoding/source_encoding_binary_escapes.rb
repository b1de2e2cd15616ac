# encoding: binary
# In a binary file a literal with \u escapes is UTF-8.
p "\u00e9".encoding, "\xff".encoding, "a\u00e9#{1}".encoding, "\xc3\xa9".encoding
p "\u00e9" == "\xc3\xa9", "\u00e9".length, "\xc3\xa9".length
