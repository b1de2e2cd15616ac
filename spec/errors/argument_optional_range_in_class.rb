class Range2
  def between(lo, hi = 10) = [lo, hi]
end

Range2.new.between(1, 2, 3)
