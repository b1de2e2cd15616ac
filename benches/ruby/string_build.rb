# Building Strings piece by piece: short appends with `<<`, interpolation
# into a growing buffer, and lines joined at the end.
# Usage: string_build.rb [N] (default 4 million appends).

n = (ARGV[0] || 4_000_000).to_i
buffer = +""
n.times { buffer << "ab" }
p buffer.length

report = +""
(n / 20).times do |i|
  report << "row #{i}: #{i * 3}\n"
end
p report.length

lines = []
(n / 20).times { |i| lines << "item-#{i % 97}" }
joined = lines.join(",")
p joined.length
p joined.count(",")
