# A Range literal whose ends are Integer literals or nil, or both String
# literals, is one frozen object, the same at every evaluation (as MRI's
# putobject); `when` with
# such a Range tests a fixnum subject by its bounds in compiled code, and
# any other subject with `Range#===`, redefined or not.

def small = (1..2)
def open_ended = (3..)
def beginless = (..-3)
def exclusive = (0...10)
def huge = (4611686018427387904..4611686018427387905)
def computed(n) = (1..n)
def strings = ("a".."c")
p small.equal?(small), small.frozen?, open_ended.equal?(open_ended)
p beginless.equal?(beginless), exclusive.equal?(exclusive), huge.equal?(huge)
p computed(2).equal?(computed(2)), strings.equal?(strings)
p strings.begin.frozen?, strings.end.encoding, strings.to_a
p small, open_ended, beginless, exclusive, huge, (0x10..0b11), (-5..-1).to_a

def classify(n)
  case n
  when 0..4 then :low
  when 5...8 then :mid
  when ..-1 then :negative
  when 100.. then :huge
  when 10..9 then :empty
  when 50...50 then :never
  else :other
  end
end

counts = Hash.new(0)
30000.times { |i| counts[classify(i % 120 - 3)] += 1 }
p counts
p [2.5, 7.0, 8, 7.99, nil, "x", 2**70, -2**70, 4, 5, 100, -1].map { |x| classify(x) }

class Range
  alias_method :plain_case_eq, :===
  def ===(other) = other == :anything || plain_case_eq(other)
end
p [3, :anything, 200, -7, 9].map { |x| classify(x) }
