# scan and match? with a String pattern.
p "hello hello".scan("ll"), "aaaa".scan("aa"), "abc".scan(""), "abc".scan("x"), "日本日".scan("日")
r = "a-b-c".scan("-") { |m| p m }
p r
p "abc".match?("b"), "abc".match?("x"), "abc".match?("b", 2), "abc".match?("b", -2), "abc".match?("", 3), "abc".match?("", 4)
p "abc" =~ 1, "abc" =~ nil
[-> { "abc".scan(1) }, -> { "abc".match?(nil) }, -> { "abc" =~ "b" }].each do |f|
  begin
    f.call
  rescue => e
    p [e.class, e.message]
  end
end
