# An exact interval followed by ? is optional, and followed by + is
# repeated (never lazy or possessive).
p "abc"[/c{2}?/], "abcc"[/c{2}?/], "aaaa"[/a{2}?/], "aaaaa"[/a{2}+/], "aaa"[/a{1,2}?/]
p "xyxy".scan(/(?:xy){1}?/), "aaaa".scan(/a{2}+/)
