# Case-mapping options.
p "aİı".upcase(:turkic), "İI".downcase(:turkic), "ß".downcase(:fold), "ßé".upcase(:ascii), "ÀBC".downcase(:ascii)
p "éa".capitalize(:ascii), "ÉA".swapcase(:ascii)
[
  -> { "a".upcase(1, 2, 3) },
  -> { "a".upcase(:foo) },
  -> { "a".upcase(1) },
  -> { "a".upcase(:fold) },
  -> { "a".upcase(:ascii, :turkic) },
  -> { p "Iİ".downcase(:turkic, :lithuanian), "iI".upcase(:lithuanian, :turkic) },
  -> { "a".downcase(:turkic, :ascii) },
  -> { "a".downcase(:turkic, :turkic) },
  -> { "a".downcase(:fold, :ascii) },
  -> { "a".downcase!(:nope) }
].each do |f|
  begin
    f.call
  rescue => e
    p [e.class, e.message]
  end
end
