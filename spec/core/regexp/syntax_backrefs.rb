# Back references by number and by name.
p "hello" =~ /(l)\1/, "abcabc" =~ /(abc)\1/, "abcab" =~ /(abc)\1/
p "<b>x</b>" =~ /<(?<tag>\w+)>.*<\/\k<tag>>/, $~[:tag]
p "aa bb cd" .scan(/(\w)\1/), "Aa" =~ /(a)\1/i
