# inspect escapes as MRI does; dump escapes everything non-ASCII.
p "\e", "\u0000", "\x7f", "\a\b\t\n\v\f\r", "\"\\", "#{1}\#{", "\#$x \#@y #x #", "日本", "é", "\u{1F600}"
p "\u0085", "\u00a0", "\u2028", "\u2029", "\ufeff", "\u{fffe}", "\u{e000}", "\xff\xfe", "\xe3\x81", "e\u0301"
puts "tab\there".inspect, "é\n".dump, "\e#{1}".dump, "\u{1F600}".dump
p ["a\nb", "c"], { "k\t" => "v" }
