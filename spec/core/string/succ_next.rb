# succ and next, and their bang forms.
p "a".succ, "az".succ, "zz".succ, "a9".succ, "Zz".succ, "-9".succ, "1.9.9".succ, "zz99".succ
p "".succ, "***".succ, "あ".succ, "a-".succ, "9z".succ, "Az-9".succ
s = "ab"
p s.succ!, s, s.next!, s
t = "x"
p t.next, t
p "é".succ, "ÿ".succ, "aé".succ, "éz".succ, "zé".succ, "ω".succ, "Ω".succ, "９".succ, "a９".succ
p "z-é".succ, "é-z".succ, "1-é".succ, "a.9".succ, "9.a".succ, "日本".succ, "-".succ, "\u0000".succ, "a\u0000".succ
p "\x7f".succ, "~".succ, "\xff".succ, "a\xff".succ, "\u07ff".succ, "\uffff".succ, "Zz9z".succ, "a 9".succ, "z9-z".succ
