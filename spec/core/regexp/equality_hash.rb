# Regexps are equal when source and options are.
p(/a/ == /a/, /a/ == /a/i, /a/ == /b/, /a/.eql?(/a/), /a/ == "a")
p(/a/.hash == /a/.hash, Regexp.new("a") == /a/)
h = { /x/ => 1 }
p h[/x/], h[/x/i]
