class Safe
  def inspect = "#<Safe>"

  private

  def combination = 123
end

Safe.new.combination
