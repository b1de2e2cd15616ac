($cycle_log ||= []) << :a_start
$cycle_log << [:a_requires_b, require_relative("cycle_b")]
$cycle_log << :a_end
