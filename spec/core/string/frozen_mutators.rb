# Every mutator raises FrozenError on a frozen string, even when it would
# change nothing.
s = "abc".freeze
%i[upcase! downcase! capitalize! swapcase! strip! lstrip! rstrip! chomp! chop! squeeze! reverse! succ! next! clear].each do |m|
  begin
    s.send(m)
    p [m, :no_error]
  rescue => e
    p [m, e.class, e.message]
  end
end
[
  -> { s.tr!("z", "y") }, -> { s.tr_s!("z", "y") }, -> { s.delete!("z") }, -> { s.sub!("z", "y") },
  -> { s.gsub!("z", "y") }, -> { s.slice!(5) }, -> { s.replace("abc") }, -> { s << "" },
  -> { s.concat }, -> { s.prepend }, -> { s.insert(0, "") }, -> { s[0] = "a" },
  -> { s.delete_prefix!("z") }, -> { s.delete_suffix!("z") }, -> { "".freeze.chomp! }
].each do |f|
  begin
    f.call
  rescue => e
    p [e.class, e.message, e.receiver.equal?(s)]
  end
end
p s, s.upcase, s + "d", s.frozen?, s.upcase.frozen?
