# String#=~ with a Regexp answers the character index.
p "héllo" =~ /l/, "abc" =~ /z/, "" =~ /^$/, "a\nb" =~ /^b/
begin
  "abc" =~ "b"
rescue TypeError => e
  p e.message
end
p "abc" =~ nil, "abc" =~ 1
