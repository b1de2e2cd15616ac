# encode's newline options.
p "a\r\nb\rc\n".encode(universal_newline: true), "a\nb".encode(crlf_newline: true), "a\nb".encode(cr_newline: true)
p "a\r\nb".encode("US-ASCII", universal_newline: true), "a\nb".encode(newline: :crlf), "a\nb".encode(newline: :universal)
p "a\r\nb".encode("UTF-8", "UTF-8", universal_newline: true), "a\r\nb".encode(universal_newline: true).encoding, "é\r\n".b.encode(universal_newline: true)
s = "x\r\ny"; s.encode!(universal_newline: true); p s
