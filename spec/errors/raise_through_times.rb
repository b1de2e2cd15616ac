def countdown(n)
  n.times do |i|
    raise "hit #{i}" if i == 2
  end
end

countdown(5)
