# %r literals: any delimiter, slashes need no escape.
p %r{a/b}, %r{a/b}.source, %r{a/b} =~ "xa/b"
p %r[x+]i =~ "XX", %r!\d+! =~ "ab12"
p %r{(\w+)/(\w+)}.match("usr/bin").captures
