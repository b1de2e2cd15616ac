Pair = Struct.new(:left, :right) do
  def sum
    left + right
  end

  def to_s
    "<#{left}|#{right}>"
  end
end

pr = Pair.new(3, 4)
p pr.sum
puts pr
puts "#{pr}"
p pr
pr.right = 10
p pr.sum
l, r = *pr
p [l, r]
