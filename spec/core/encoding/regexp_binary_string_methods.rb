# The String methods that take a Regexp read a binary String as its bytes.
s = "a\xE9b\xFFc\xE9".b
p s.gsub(/[\x80-\xff]/n, "?"), s.sub(/\xE9/n) { |m| "<#{m.unpack1('H*')}>" }, s.gsub(/[\x80-\xff]/n) { $&.ord.to_s }
p s.gsub(/(b)(\xFF)/n, '[\2\1]'), s.gsub(/\xE9/n, "\xE9" => "E"), s.gsub(/x*/n, "-")
p s.scan(/[\x80-\xff]/n), s.scan(/([a-c])([\x80-\xff])/n), s.split(/\xFF/n), s.split(/[\x80-\xff]/n, 2), s.split(//n)
p s.index(/c/), s.index(/[\x80-\xff]/n, 2), s.rindex(/[\x80-\xff]/n), s.rindex(/\xE9/n, 4), s =~ /c/
p s[/b\xFF/n], s[/(b)(\xFF)(c)/n, 3], s.slice(/\xFF./n), s.partition(/\xFF/n), s.rpartition(/\xE9/n)
p s.start_with?(/a\xE9/n), s.match?(/\xFFc/n)
t = s.dup; t[/\xFF/n] = "Y"; p t
t = s.dup; t.gsub!(/[\x80-\xff]/n, ""); p t, t.encoding
p s.each_line.to_a, "é\xffx".b.gsub(/x/, "y"), "é\xffx".b.split(/f/), "é\xff".b.scan(/./n)
p $~
p "aé".gsub(/é/, "e"), "aéb".split(/é/), "aéé".index(/é/, 2), "aébé".rindex(/é/), "é-x".sub(/x/, "y")
p "ab\xE9".b.gsub(/b/) { $~.pre_match }, "q\xE9q".b.gsub(/q/, '\`|')
