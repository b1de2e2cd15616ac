# Backslashes in replacement strings.
p "a.b".gsub(/\./, "\\\\"), "a.b".gsub(/\./, '\\\\'), "a.b".gsub(/\./, '\\'), "ab".gsub(/b/, '\\0\\0')
p "ab".sub(/(a)/, "\\1\\1"), "ab".sub(/(a)/, '\\\\1'), "ab".sub(/a/, '\n'), "tab".sub(/a/, "\t")
p "x".sub(/x/, '\\'), "x".sub(/x/, 'a\\'), "x".sub(/(x)/, '\11')
