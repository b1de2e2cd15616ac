# [] and slice with a Regexp, a group number or name.
s = "John Smith, 42"
p s[/\d+/], s[/(\w+) (\w+)/, 2], s[/(\w+) (\w+)/, -1], s[/(\w+) (\w+)/, 3], s[/z/]
p s[/(?<first>\w+) (?<last>\w+)/, "last"], s[/(?<first>\w+)/, :first], s.slice(/S\w+/)
p $~[0]
begin
  s[/(?<first>\w+)/, "nope"]
rescue IndexError => e
  p e.message
end
