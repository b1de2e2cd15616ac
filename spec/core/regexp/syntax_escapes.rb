# Escapes: control characters, hex, Unicode, octal, and escaped
# punctuation.
p "a\tb" =~ /\t/, "x\ny" =~ /\n/, "A" =~ /\x41/, "é" =~ /\u00e9/, "é" =~ /\u{e9}/, "\0" =~ /\0/
p "a.b" =~ /\./, "a/b" =~ /\//, "a+b" =~ /a\+b/, "(x)" =~ /\(x\)/, "\e" =~ /\e/, "A" =~ /\101/
p "\a\b\f\v\r" =~ /\a[\b]\f\v\r/, "\x01" =~ /\cA/, "\x01" =~ /\C-a/
