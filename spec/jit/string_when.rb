# frozen_string_literal: true

# `when` with String literals (a tokenizer's dispatch) in compiled code:
# Strings compare by content, other subjects are unequal unless they
# convert with to_str, and a redefined String#=== is honoured.
def classify(c)
  case c
  when 'n' then :null
  when 't', 'f' then :bool
  when '"' then :string
  when '-', '0', '1', '2' then :number
  else :other
  end
end

counts = Hash.new(0)
("nt\"f-0x12 " * 300).each_char { |c| counts[classify(c)] += 1 }
p counts
p classify(:n)
p classify(nil)
p classify('n'.dup.force_encoding('ASCII-8BIT'))

class Token
  def initialize(text) = @text = text
  def to_str = @text
  def ==(other) = other == @text
end
p classify(Token.new('t'))
p classify(Token.new('x'))

class String
  def ===(other) = other.is_a?(String) && other.upcase == upcase
end
p classify('N')
