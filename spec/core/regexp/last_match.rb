# Regexp.last_match reads $~.
p Regexp.last_match
"key=value" =~ /(?<k>\w+)=(?<v>\w+)/
p Regexp.last_match, Regexp.last_match(0), Regexp.last_match(1), Regexp.last_match(2)
p Regexp.last_match(:k), Regexp.last_match("v"), Regexp.last_match(5)
"none" =~ /x/
p Regexp.last_match, Regexp.last_match(1)
