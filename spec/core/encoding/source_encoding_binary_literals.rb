# encoding: binary
# In a binary file, String literals and __ENCODING__ are ASCII-8BIT.
p __ENCODING__
s = "café"
p s, s.encoding, s.length, s.bytesize
p "abc".encoding, "a#{1}b".encoding, "#{s}!".encoding
p 'single'.encoding, %w[a b].map(&:encoding), <<~TEXT.encoding
  heredoc
TEXT
p s == "caf\xC3\xA9", s.chars.length
def m = "in a method"
p m.encoding
p [1].map { "block" }.first.encoding
