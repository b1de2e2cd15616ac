class Node
  attr_accessor :val
end

n = Node.new
m = nil
n&.val ||= 3
m&.val ||= 3
p n.val
p m
p m&.val
p n&.val
n&.val += 1
p n.val
