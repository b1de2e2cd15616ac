# Array#<<, #push, #empty?, Integer#~ and #-@, and Comparable's operators
# on Strings are built into compiled code; frozen Arrays, Bignums, other
# kinds and redefinitions still behave as the interpreter does.

def collect(n)
  out = []
  n.times { |i| out << i; out.push(-i) }
  out
end

def flip(x) = [~x, -x]
def between(s) = [s < "m", s <= "m", s > "m", s >= "m"]
def empty_count(lists) = lists.count(&:empty?)

class Name < String; end

total = 0
3000.times do |i|
  total += collect(3).sum + flip(i).sum
  total += between(i.even? ? "apple" : "zebra").count(true)
  total += empty_count([[], [1], []])
end
p total
p flip(4611686018427387903), flip(-4611686018427387904)
p between("m"), between(Name.new("a")), between("")
p collect(2), empty_count([[], [nil]])
frozen = [1].freeze
begin
  frozen << 2
rescue FrozenError => e
  p e.message
end
def push_to(a) = a << 9
2000.times { push_to([]) }
begin
  push_to(frozen)
rescue => e
  p [e.class, e.message, e.backtrace.first[/\d+:in `.*'/]]
end
begin
  between(5)
rescue ArgumentError => e
  p e.message
end
def cmp(s, o) = s < o
2000.times { cmp("a", "b") }
begin
  cmp("a", 1)
rescue ArgumentError => e
  p e.message
end
class String
  def <=>(other) = 0
end
p between("a"), cmp("a", "b")
module Comparable
  def <(other) = :redefined
end
p cmp("a", "b")
def order(a, b) = a <=> b
3000.times { |i| order(i, 1500) }
p [order(1, 2), order(2, 2), order(3, 2), order(1, 2**70), order(1, 1.5), order(1, nil), order(1, "a")]
# spec: skip-mode gc-stress 3.0 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
