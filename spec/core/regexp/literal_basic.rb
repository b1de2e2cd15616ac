# A Regexp literal matches with =~, answering the index of the match.
p(/ell/ =~ "hello", /xyz/ =~ "hello", /^h/ =~ "hello", /o$/ =~ "hello")
p "hello" =~ /l+/
p(/a/.class, /a/.source, //.source)
r = /b./
p r.match?("abc"), r =~ "xxbz"
