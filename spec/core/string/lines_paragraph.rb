# lines("") splits into paragraphs.
["p1\n\n\np2\n", "p1\n\n\np2\n\n", "\n\np1\np2\n\n\n\np3\n\n", "a\r\nb\r\n", "a\r\n\r\nb", "a\n\r\n\nb",
 "\n\n\np1", "a\n\n\n\n", "a\nb", "a\n", "\n", "\na", "a\r\r\n\n", "a\n\rb\n\nc", "\n\n"].each do |s|
  p [s, s.lines(""), s.lines("", chomp: true)]
end
