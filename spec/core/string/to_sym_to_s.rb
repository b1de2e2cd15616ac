# to_sym/intern, to_s/to_str.
p "abc".to_sym, "with space".to_sym, "".to_sym, "a=".intern, "日本".to_sym, "abc".to_sym.equal?(:abc)
s = "x"
p s.to_s.equal?(s), s.to_str.equal?(s)
