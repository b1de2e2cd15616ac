# + and * make new strings.
a = "ab"
b = a + "cd"
p a, b, a + "", "" + ""
p "ab" * 3, "ab" * 0, "" * 5, "é" * 2, "ab" * 2.9
p "日本" + "語"
begin
  "ab" * -1
rescue => e
  p e.class, e.message
end
begin
  "ab" + 1
rescue => e
  p e.class, e.message
end
begin
  "ab" + nil
rescue => e
  p e.class, e.message
end
begin
  "ab" * "c"
rescue => e
  p e.class, e.message
end
begin
  "ab" * nil
rescue => e
  p e.class, e.message
end
class Path
  def to_str
    "/tmp"
  end
end
p "dir:" + Path.new
