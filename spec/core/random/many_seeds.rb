# Seeds 0..199: the first float and the first few integers of each.
(0...200).each do |seed|
  r = Random.new(seed)
  puts [seed, r.rand, r.rand(1000), r.rand(2**40), r.rand(1..6)].join(" ")
end
