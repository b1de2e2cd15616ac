# scan with a Regexp: the matches, or the groups of each.
p "one two three".scan(/\w+/), "a1b22c333".scan(/\d+/), "abc".scan(/x/)
p "k1=v1;k2=v2".scan(/(\w+)=(\w+)/), "ab".scan(/(a)|(b)/)
p "héllo wörld".scan(/[^aeiou ]+/)
p $~
