# gsub replaces every match.
p "hello world".gsub(/o/, "0"), "a-b_c".gsub(/[-_]/, " "), "abc".gsub(/x/, "y")
p "john smith".gsub(/(\w)(\w*)/, '\2\1ay'), "aaa".gsub(/a/, '\0\0')
p "path/to/file".gsub(%r{/}, "\\"), "tab\tsep".gsub(/\t/, "\\t")
p "héllo".gsub(/l/, "L"), "aaa".gsub(/aa/, "b")
