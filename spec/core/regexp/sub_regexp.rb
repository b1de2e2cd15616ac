# sub replaces the first match; the template's backslash sequences.
p "hello world".sub(/o/, "0"), "hello".sub(/z/, "Z")
p "john smith".sub(/(\w+) (\w+)/, '\2, \1'), "abc".sub(/b/, '[\0]'), "abc".sub(/b/, '[\&]')
p "abc".sub(/b/, '<\`|\'>'), "abc".sub(/b/, '\\\\'), "abc".sub(/(b)/, '\9|\1'), "abc".sub(/b/, '\x')
p "2024-06".sub(/(?<y>\d+)-(?<m>\d+)/, '\k<m>/\k<y>'), "ab".sub(/(?<x>a)/, '\1')
p "hello".sub(/l/) { |m| m.upcase }, "hello".sub(/(l)/) { $1 * 3 }
