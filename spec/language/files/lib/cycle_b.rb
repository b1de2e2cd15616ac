($cycle_log ||= []) << :b_start
$cycle_log << [:b_requires_a, require_relative("cycle_a")]
$cycle_log << :b_end
