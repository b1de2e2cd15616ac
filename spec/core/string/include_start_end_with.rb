# include?, start_with? and end_with? (with several candidates).
s = "hello world"
p s.include?("lo w"), s.include?(""), s.include?("z"), "".include?("")
p s.start_with?("hell"), s.start_with?("world"), s.start_with?("x", "he"), s.start_with?, s.start_with?("")
p s.end_with?("world"), s.end_with?("hello"), s.end_with?("x", "ld"), s.end_with?, s.end_with?("")
p "日本語".start_with?("日"), "日本語".end_with?("語"), "日本語".start_with?("\xE6")
[-> { s.include?(nil) }, -> { s.start_with?(1) }, -> { s.end_with?(:ld) }].each do |f|
  begin
    f.call
  rescue => e
    p [e.class, e.message]
  end
end
