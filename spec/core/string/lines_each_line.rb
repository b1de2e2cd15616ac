# lines and each_line, with separators and chomp:.
p "a\nb\n\nc\n".lines, "a\nb".lines, "".lines, "\n".lines, "abc".lines, "日本\n語".lines
p "a\r\nb\r\n".lines(chomp: true), "a--b--c".lines("--"), "a--b--".lines("--", chomp: true), "abc".lines(nil), "".lines(nil)
p "a\r\nb\n".lines(chomp: true), "a\r\nb\r".lines(chomp: true), "a\rb".lines, "abab".lines("ab", chomp: true), "xaby".lines("ab")
p "a\nb".lines("\n", chomp: true), "a\r\nb".lines("\n", chomp: true)
s = "one\ntwo\n"
r = s.each_line { |l| p l }
p r.equal?(s)
s.each_line(chomp: true) { |l| p l }
"x-y".each_line("-") { |l| p l }
[-> { "a".lines(chomp: true, foo: 1) }, -> { "a".lines("\n", "x") }, -> { "a".lines(1) }].each do |f|
  begin
    f.call
  rescue => e
    p [e.class, e.message]
  end
end
