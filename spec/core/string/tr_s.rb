# tr_s translates, then squeezes runs of the same translated character.
p "hello".tr_s("l", "r"), "aabbccdd".tr_s("a-c", "xxy"), "aabbcc".tr_s("^b", "-"), "hello".tr_s("", "x"), "hello".tr_s("l", "")
s = "aaa"
p s.tr_s!("a", "b"), s, s.tr_s!("z", "y")
