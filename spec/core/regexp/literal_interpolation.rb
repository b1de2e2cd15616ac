# A literal with interpolation is compiled when evaluated; a Regexp part
# is embedded with its options.
word = "wor"
p "hello world" =~ /#{word}ld/
n = 3
p "aaaa"[/a{#{n}}/]
inner = /b+/i
outer = /a#{inner}c/
p outer, outer.source, outer =~ "aBBc"
p(/#{"."}/ =~ "x", /#{Regexp.escape(".")}/ =~ "x")
parts = %w[cat dog]
p(/^(#{parts.join("|")})$/ =~ "dog", $1)
