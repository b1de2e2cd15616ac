# Regexps with the n flag: \xHH escapes past ASCII are bytes, matched
# against the bytes of binary Strings.
p "\xE9".b =~ /[\x80-\xff]/n
p /[\x80-\xff]/n, /[\x80-\xff]/n.source, /[\x80-\xff]/n.options
p /a/n, /a/n.options, /a/n.encoding, /a/.encoding, /é/.encoding
p /[\x80-\xff]/n.encoding, /\xff/n.inspect, /\xff/n.to_s
p "ab\xE9c".b =~ /[\x80-\xff]/n, $~, $~[0], $~[0].encoding, $`, $', $~.pre_match.encoding
p "abc".b =~ /[\x80-\xff]/n, "abc" =~ /[\x80-\xff]/n, "abc" =~ /b/n
m = "x\xC3\xA9y".b.match(/(\xC3)(?<second>\xA9)/n)
p m, m.captures, m.begin(0), m.end(:second), m.to_a.map(&:encoding), m[:second]
p m.named_captures, m.pre_match, m.post_match, m.string, m.values_at(0, 1)
p "\xff\xfe".b.match?(/\xfe/n), /\xff/n === "\xff".b, /\xff/n.match("a\xff".b).begin(0)
p "\xff\xfe".b.match?(/\xfe/n, 2), "\xff\xfe".b.match(/\xfe/n, 1)
p "é".b =~ /a/, "aé".b =~ /a/, "\xff".b =~ /\xff/n, $~.inspect
case "\x89PNG\r\n".b
when /\A\x89PNG/n then puts "png"
end
def kind(bytes)
  case bytes
  when /\A\xFF\xD8/n then :jpeg
  when /\A\x89PNG/n then :png
  else :other
  end
end
p kind("\xFF\xD8\xFF".b), kind("\x89PNG".b), kind("GIF8".b)

# Encodings that cannot match.
[-> { "é".b =~ /é/ }, -> { "é" =~ /\xff/n }, -> { "é".force_encoding("US-ASCII") =~ /a/ },
 -> { "é".b.match?(/é/) }].each do |f|
  p f.call
rescue => e
  p e
end
# A binary regexp against a non-ASCII UTF-8 String is an old form MRI warns of.
p "é" =~ /a/n
