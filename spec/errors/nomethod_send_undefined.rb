class Calc
  def inspect = "#<Calc>"
end

Calc.new.send(:frobnicate, 1)
