# Case-insensitive matching: /i, (?i), (?i:...), (?-i).
p "HeLLo" =~ /hello/i, "HELLO" =~ /(?i)hello/, "xHELLO" =~ /x(?i:hello)/, "XHELLO" =~ /x(?i:hello)/
p "aB" =~ /a(?i)b/, "AB" =~ /a(?i)b/, "ab" =~ /(?i)a(?-i)B/, "ÉCOLE" =~ /école/i, "X" =~ /[a-z]/i
