# Matching a String that is not valid UTF-8 raises ArgumentError.
s = "ab\xffcd"
[-> { s =~ /c/ }, -> { s.match?(/c/) }, -> { s.gsub(/c/, "x") }, -> { s.split(/b/) },
 -> { s.scan(/./) }].each do |f|
  begin
    p f.call
  rescue ArgumentError => e
    p [e.class, e.message]
  end
end
