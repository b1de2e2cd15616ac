Pair = Struct.new(:left, :right)
pr = Pair.new(1, 2)
p pr.left
p pr.right
pr.middle
