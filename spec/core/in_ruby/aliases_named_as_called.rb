# Aliases of core methods written in Ruby behave as the original and show
# in backtraces under the name they were called by, as MRI's C methods do.
p [1, 2].collect { |x| x * 2 }, [1, 2].method(:collect).name, [1, 2].method(:filter).arity
{a: 1}.each_pair { |k, v| p [k, v] }
p (1..4).reduce(:+), (1..4).detect(&:even?), (1..3).entries
[1].collect { raise "boom" } rescue puts $!.backtrace.first
{a: 1}.each_pair { raise "hash" } rescue puts $!.backtrace[0..1]
(1..2).find_all { raise "range" } rescue puts $!.backtrace[0..1]
