# `alias $new $old`: both names are one variable, for reading, writing
# and `defined?`.
alias $b $a
p defined?($b)
$a = 1
p defined?($b), $b
$b = 2
p $a
alias $c $b
p $c, defined?($c)
$c = 3
p [$a, $b, $c]
p defined?($never_set)
alias $e $never_set
p defined?($e), $e
