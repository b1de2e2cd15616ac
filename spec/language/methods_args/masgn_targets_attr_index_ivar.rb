class Pt
  attr_accessor :x, :y
end

pt = Pt.new
arr = [0, 0, 0]
pt.x, pt.y = 3, 4
p [pt.x, pt.y]
arr[0], arr[2] = :a, :c
p arr
@i, $g, local = 1, 2, 3
p [@i, $g, local]
arr[1], pt.x, *rest = 9, 8, 7, 6
p [arr, pt.x, rest]
