# After a failed match every match variable is nil.
p $~, $1, $&
"abc" =~ /b/
p $&
"abc" =~ /z/
p $~, $1, $&, $`, $', $+
"x" =~ /(x)/
p $1, $2, $9, $10
