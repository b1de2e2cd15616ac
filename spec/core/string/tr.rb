# tr: characters, ranges, negation and escapes.
p "hello".tr("el", "ip"), "hello".tr("a-y", "b-z"), "hello".tr("^l", "*"), "hello".tr("lo", "")
p "hello".tr("a-z", "A"), "a-b".tr("a\\-", "xy"), "a^b".tr("\\^a", "xy"), "hello".tr("", "x")
p "^a".tr("^", "x"), "hello".tr("elo", "12"), "a-b".tr("a-", "x"), "a".tr("aa", "xy"), "-ab".tr("-a", "xy")
p "abc".tr("a-c", "^"), "abc".tr("^b", "^"), "héllo wörld".tr("éö", "eo"), "héllo".tr("^é", "*"), "日本".tr("日", "月")
s = "hello"
p s.tr!("l", "L"), s, s.tr!("z", "y"), s
[-> { "a".tr("z-a", "x") }, -> { "a".tr("a", "é-a") }, -> { "a".tr(1, "x") }, -> { "a".tr("a") }].each do |f|
  begin
    f.call
  rescue => e
    p [e.class, e.message]
  end
end
p "ab".tr("a-ab", "xyz"), "b".tr("^a-a", "x"), "aab".squeeze("a-a"), "aab".count("a-a")
