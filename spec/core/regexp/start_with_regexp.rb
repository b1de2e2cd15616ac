# start_with? with a Regexp matches at the start only, and sets $~.
p "hello".start_with?(/h.l/), "hello".start_with?(/ell/), "hello".start_with?("x", /he/)
p $~
p "hello".start_with?(/(l+)/), $~
