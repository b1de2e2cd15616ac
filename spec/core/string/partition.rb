# partition and rpartition with a String separator.
s = "key=value=more"
p s.partition("="), s.rpartition("="), s.partition("#"), s.rpartition("#")
p s.partition(""), s.rpartition(""), "".partition("x"), "日本=語".partition("=")
begin
  s.partition(1)
rescue => e
  p e.class, e.message
end
