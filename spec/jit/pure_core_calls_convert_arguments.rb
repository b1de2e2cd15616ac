# Compiled code runs some core methods without a frame when they are pure
# on their operands (String#[] on a Range of Integers, String#rjust on an
# Integer width). Operands those methods convert with Ruby code (`to_int`,
# `to_str`, here redefined) must reach that code, every time, compiled or
# not; and a pad that converts to a String is used as one (it panicked).

$conversions = Hash.new(0)

class Range
  def to_int
    $conversions[:range_to_int] += 1
    3
  end
end

class String
  def to_int
    $conversions[:string_to_int] += 1
    4
  end
end

class Integer
  def to_str
    $conversions[:integer_to_str] += 1
    "*"
  end
end

class Pad
  def to_str
    $conversions[:pad_to_str] += 1
    "-"
  end
end

def pad_all(s, r)
  [s.rjust(r), s.ljust("x"), s.center(6, 7), s.center(5, Pad.new), s[r], s[1, r]]
end

results = []
300.times { |i| results << pad_all("ab#{i % 3}", 1..2) }
p results.first, results.last, results.uniq.size
p $conversions.sort
p "ab".center(4, "")
