# A core method called through another name shows in backtraces and
# errors under the name it was defined with, as in MRI: `Time.gm` and
# `Time.mktime` are `utc` and `local`, and so is a Ruby `alias` of a core
# method. (Found by the cargo-fuzz target: `Time.mktime` with no arguments
# named itself.) `send` with no method name is its own ArgumentError.
def try
  yield
rescue => e
  puts "#{e.class}: #{e.message} (#{e.backtrace.first[/`.*'/]})"
end

try { Time.gm }
try { Time.mktime }
try { Time.utc }
try { Time.local }
p Time.gm(2000, 2).month, Time.mktime(2001).year

class Array
  alias count_of size
  alias_method :how_many, :length
end
try { [].count_of(1) }
try { [].how_many(1) }
try { [].size(1) }
p [1, 2].count_of, [3].how_many

try { send }
try { 1.public_send }
try { 1.__send__ }
p 1.send(:+, 2), 1.public_send(:-, 3), 2.__send__(:*, 4)
