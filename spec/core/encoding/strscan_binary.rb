# StringScanner scans a binary String as bytes: an `n` Regexp with byte
# escapes matches there, positions count bytes, and what it answers is
# binary; a UTF-8 String is still scanned by characters.
require "strscan"

s = StringScanner.new("\xff\xfeab\x80cd".b)
p s.scan(/\xff/n)
p s.getch
p s.scan(/[a-z]+/)
p s.pos
p s.scan(/[\x80-\xff]/n), s.pos
p s.check(/c/), s.matched.encoding
p s.scan_until(/d/), s.pre_match
p s.rest, s.rest.encoding, s.eos?, s.peek(1).encoding
s.pos = 1
p s.peek(2), s.scan(/\xfe(a)/n), s[1]
s.unscan
p s.pos, s.skip_until(/\x80/n), s.pos

u = StringScanner.new("héllo wörld")
p u.getch, u.getch, u.pos
p u.scan(/l+/), u.pre_match, u.matched.encoding
p u.scan_until(/ö/), u.pos, u.charpos
