# `a != b` where `!=` is BasicObject's: compiled code negates the
# receiver's `==` when that is an intrinsic (identity, String bytes,
# numbers), and calls `!=` otherwise. Redefining `==` later changes what
# `!=` answers in code compiled before.
NONE = nil

class Link
  attr_reader :next_link

  def initialize(next_link)
    @next_link = next_link
  end
end

class Money
  attr_reader :cents

  def initialize(cents)
    @cents = cents
  end

  def ==(other)
    other.is_a?(Money) && cents == other.cents
  end
end

class Tag
end

def chain_length(link)
  n = 0
  while NONE != link
    link = link.next_link
    n += 1
  end
  n
end

def differences(a, b)
  [a != b, "x" != a.to_s, :s != :t, 1.5 != 2.5, 3 != 3]
end

def money_differs(a, b)
  a != b
end

def tags_differ(a, b)
  a != b
end

chain = Link.new(Link.new(Link.new(nil)))
tag = Tag.new
other = Tag.new
total = 0
i = 0
while i < 3000
  total += chain_length(chain)
  differences("x", "y")
  money_differs(Money.new(i), Money.new(i))
  tags_differ(tag, other)
  i += 1
end
p total
p differences("x", "x")
p differences("x", "y")
p money_differs(Money.new(5), Money.new(5))
p money_differs(Money.new(5), Money.new(6))
p tags_differ(tag, tag)
p tags_differ(tag, other)

# Every Tag is equal now: code compiled with identity is stale.
class Tag
  def ==(_other)
    true
  end
end
p tags_differ(tag, other)
p "abc" != 5
p nil != false
