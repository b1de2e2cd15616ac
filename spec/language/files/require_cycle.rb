p require_relative("lib/cycle_a")
p $cycle_log
p require_relative("lib/cycle_b")
p require_relative("lib/cycle_a")
p $cycle_log.length
