# delete_prefix and delete_suffix, and their bang forms.
s = "hello.rb"
p s.delete_prefix("hel"), s.delete_prefix("x"), s.delete_suffix(".rb"), s.delete_suffix("x"), s
t = "prefix-body-suffix"
p t.delete_prefix!("prefix-"), t, t.delete_prefix!("zzz"), t
p t.delete_suffix!("-suffix"), t, t.delete_suffix!("zzz"), t
p "日本語".delete_prefix("日"), "日本語".delete_suffix("語")
begin
  s.delete_prefix(1)
rescue => e
  p e.class, e.message
end
