# ord and chr.
p "a".ord, "abc".ord, "é".ord, "日本".ord, "😀".ord
p "abc".chr, "".chr, "héllo".chr, "日本".chr, "\xffa".chr
[-> { "".ord }, -> { "\xff".ord }].each do |f|
  begin
    f.call
  rescue => e
    p [e.class, e.message]
  end
end
