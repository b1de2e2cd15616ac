# frozen_string_literal: true

name = "abc"
p name.frozen?
p "abc".equal?(name)
p "x#{name}".frozen?
p String.new("abc").frozen?
p name.dup.frozen?
copy = +name
p copy.frozen?, copy.equal?(name)
text = <<~TEXT
  plain heredoc
TEXT
p text.frozen?
begin
  name << "d"
rescue FrozenError => e
  p e.message
end
