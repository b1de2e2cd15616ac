# `String#==` in compiled code compares bytes; a non-String is unequal
# unless it has `to_str`, when its own `==` decides (compiled code hands
# that case to the interpreter).

class Name
  def initialize(text) = @text = text
  def to_str = @text
  def ==(other)
    puts "Name#== asked about #{other.inspect}"
    other == @text
  end
end

def same?(a, b) = a == b
def case_of(a, b) = a === b

words = %w[apple pear apple fig]
counts = Hash.new(0)
i = 0
while i < 3000
  a = words[i % 4]
  b = words[(i + 2) % 4]
  counts[[same?(a, b), case_of(a, b)]] += 1
  counts[same?(a, nil)] += 1
  counts[same?(a, :apple)] += 1
  i += 1
end
p counts

s = +"pea"
t = "pear"
p same?(s, t)
s << "r"
p same?(s, t)
p same?("x", Name.new("x"))
p same?("x", Name.new("y"))
p same?("caf\u00e9", "cafe")
