# $~, $1..$9, $&, $`, $' and $+ after a match.
"The year 2024 ended" =~ /(\d\d)(\d\d)/
p $~, $1, $2, $3, $&, $`, $', $+
"ab" =~ /(a)(x)?/
p $+, $2
p $~.class
