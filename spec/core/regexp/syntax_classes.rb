# \d \w \s \h are ASCII; POSIX brackets and \p{} are Unicode.
p "a١2" =~ /\d/, "é_x" =~ /\w/, "\u00a0 x" =~ /\s/, "xyzF" =~ /\h/
p "é" =~ /[[:alpha:]]/, "١" =~ /[[:digit:]]/, "é" =~ /\p{Alpha}/, "Ω" =~ /\p{Greek}/, "a" =~ /\p{^Alpha}/
p "a-b" =~ /[\w-]+/, "x]" =~ /[\]x]+/, "a^" =~ /[\^]/, "b" =~ /[^a]/, "5" =~ /[\D]/
p "AbC".scan(/[[:upper:]]/), "a b\tc".scan(/[[:space:]]/), "x!y?".scan(/[[:punct:]]/)
p "aé1_".scan(/\W/), "a1 ".scan(/\S/), "g0f".scan(/\H/), "a b".scan(/\D/)
p "hello" =~ /[a-z&&[^aeiou]]+/, $~[0]
