# []= with a Regexp replaces the match or a group.
s = "hello world"
s[/o/] = "0"
p s
s[/(w)(o)/, 2] = "OO"
p s
t = "key: value"
t[/(?<k>\w+):/, "k"] = "name"
p t
[-> { "abc"[/z/] = "y" }, -> { "abc"[/(b)/, 3] = "y" }, -> { "abc"[/(b)(x)?/, 2] = "y" }].each do |f|
  begin
    f.call
  rescue IndexError => e
    p e.message
  end
end
