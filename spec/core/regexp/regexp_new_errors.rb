# Invalid patterns raise RegexpError with Onigmo's messages.
["(", "a)", "[a", "[]", "*a", "a|+", "a{2,1}", "[b-a]", "(?<>x)", "(?z)", "\\",
 "(?<a>x)\\1", "\\k<nope>", "\\2(a)", "[[:foo:]]", "\\p{Nope}", "(?<1a>x)"].each do |source|
  begin
    Regexp.new(source)
    p [:ok, source]
  rescue RegexpError => e
    p [e.class, e.message]
  end
end
begin
  Regexp.new("(", Regexp::IGNORECASE)
rescue RegexpError => e
  p e.message
end
p RegexpError.ancestors.take(3)
