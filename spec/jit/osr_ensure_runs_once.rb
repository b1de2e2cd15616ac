# A block that loops through `redo` is entered in compiled code at that
# loop (on-stack replacement); an exception raised under its `ensure`
# leaves the compiled code with the `ensure` run. The interpreter's frame
# that entered it must not run the `ensure` a second time.
# (Found by `cargo xtask fuzz`, seed 2, program 77045.)

$runs = []

class Gauge
  def measure(iteration)
    k = 0
    1.times do
      k += 1
      redo if k == 1
      begin
        Integer("")
      ensure
        $runs << iteration
      end
    end
  end
end

gauge = Gauge.new
1300.times do |i|
  begin
    gauge.measure(i)
  rescue ArgumentError
  end
end
p $runs.size
p $runs.tally.select { |_, count| count > 1 }
