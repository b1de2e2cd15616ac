# Sends of core operations (`!`, `equal?`, `!=`, `nil?`) whose receivers
# gain kinds after the method was compiled: compiled again, each kind
# seen keeps its operation in line and any other kind takes the full send,
# so the results stay MRI's whatever the mix (a user's `==` included).
class Box
  def initialize(v) = @v = v
end

class Loose
  def ==(other) = true
end

def check(items, other)
  count = 0
  items.each do |x|
    count += 1 if !x.equal?(other)
    count += 10 if x != other
    count += 100 if x.nil?
    count += 1000 unless !x
  end
  count
end

box = Box.new(1)
items = [Box.new(2), box] * 20
results = []
[[:sym], [nil], [Loose.new], [1, 2.5], ["s"]].each do |more|
  items += more * 5
  r = 0
  200.times { r += check(items, box) }
  results << r
end
p results
p check([Loose.new, nil, box, false], box)
