# Groups: plain, non-capturing, named, atomic, lookaround.
p "abab" =~ /(?:ab)+$/, $~.captures
p "price: $42" =~ /(?<=\$)\d+/, $~[0], "foobar" =~ /foo(?=bar)/, "foobaz" =~ /foo(?!bar)/
p "xyz" =~ /(?<!x)z/, "ayz" =~ /(?<!x)y/
p "aaab" =~ /(?>a+)b/, "aaa" =~ /(?>a+)a/
p "2024-06" =~ /(?<y>\d+)-(?<m>\d+)/, $~[:y], $~[:m]
p "abc".match(/a(?#comment)b/)
