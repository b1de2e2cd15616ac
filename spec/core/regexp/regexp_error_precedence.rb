# Which error MRI reports when a pattern has several.
["\\k<a>(?<a>x)", "(?<a>x)\\1(", "\\2(a", "(?<=a+)(", "[", "[^", "[]", "[a-\\d]", "[\\d-", "\\g<zz>", "(a)\\g<2>",
 "(?(zz)a)", "(?(?i)a)", "(?<a>x)\\k<1>", "\\k<2>(a)"].each do |source|
  begin
    Regexp.new(source)
    p [:ok, source]
  rescue RegexpError => e
    p e.message
  end
end
