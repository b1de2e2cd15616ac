def walk
  1.upto(3) do |i|
    10.step(1, -5) do |j|
      raise "i=#{i} j=#{j}" if i == 2
    end
  end
end
walk
