# Greedy, lazy and possessive quantifiers; intervals.
p "aaaa"[/a+/], "aaaa"[/a+?/], "aaaa"[/a*?/], "<a><b>"[/<.+>/], "<a><b>"[/<.+?>/]
p "aaaa"[/a{2}/], "aaaa"[/a{2,3}/], "aaaa"[/a{2,}/], "aaaa"[/a{,2}/], "aaaa"[/a{1,3}?/]
p "aaa" =~ /a++a/, "aaa" =~ /a*+/, "a{2}" =~ /a{/, "x{}" =~ /x{}/, "a{,}" =~ /a{,}/
p "aaa"[/a{1}+/], "xy"[/x?+y/]
