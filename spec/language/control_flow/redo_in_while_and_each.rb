tries = 0
[1, 2].each do |x|
  tries += 1
  puts "x=#{x} try=#{tries}"
  redo if x == 1 && tries < 3
end
i = 0
hits = 0
until i >= 2
  i += 1
  hits += 1
  redo if hits == 1
end
p [i, hits]
