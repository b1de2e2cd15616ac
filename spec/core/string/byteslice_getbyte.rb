# byteslice and getbyte count bytes.
s = "héllo"
p s.byteslice(0), s.byteslice(1), s.byteslice(1, 2), s.byteslice(3..), s.byteslice(-2, 2)
p s.byteslice(6), s.byteslice(7), s.byteslice(6, 1), s.byteslice(10, 1), s.byteslice(1, -1)
p s.getbyte(0), s.getbyte(1), s.getbyte(-1), s.getbyte(6), s.getbyte(-7)
p "abc".byteslice(0..1), "abc".byteslice(-5..)
