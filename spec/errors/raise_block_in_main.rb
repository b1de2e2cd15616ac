total = 0
[1, 2].each do |x|
  total += x
  [3].each { |y| raise "top-level block #{x} #{y} total=#{total}" }
end
