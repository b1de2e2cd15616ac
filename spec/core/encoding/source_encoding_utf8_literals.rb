# encoding: utf-8
# In a UTF-8 file, String literals are UTF-8, byte escapes included.
p __ENCODING__
p "\xE9".encoding, "\xC3\xA9", "\xC3\xA9".encoding, "\u00e9" == "\xC3\xA9"
p "\xff".valid_encoding?, "\xff".length
# frozen literals too
p "x".freeze.encoding
