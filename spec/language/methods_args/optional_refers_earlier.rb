def box(width, height = width, label = "#{width}x#{height}")
  "#{label} (#{width * height})"
end

puts box(3)
puts box(3, 4)
puts box(3, 4, "custom")
def counter(start, list = [start], step = list.length + 1)
  list << start + step
  list
end
p counter(1)
p counter(1, [9])
p counter(1, [9], 100)
