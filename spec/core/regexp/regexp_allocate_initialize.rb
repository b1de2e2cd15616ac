# Regexp.allocate makes a Regexp without a pattern; initialize gives it one
# once.
r = Regexp.allocate
[-> { r.source }, -> { r =~ "a" }, -> { r.match?("a") }, -> { "a".sub(r, "b") }, -> { r.inspect }].each do |f|
  begin
    f.call
  rescue TypeError => e
    p e.message
  end
end
r.send(:initialize, "a+")
p r, r =~ "baa"
begin
  r.send(:initialize, "b")
rescue TypeError => e
  p e.message
end
begin
  /lit/.send(:initialize, "b")
rescue => e
  p e.class
end
class MyRegexp < Regexp
end
m = MyRegexp.new("x(.)")
p m.class, m =~ "axb", $1, m.is_a?(Regexp)
