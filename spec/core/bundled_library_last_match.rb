# A bundled standard library is plain Ruby, as in MRI: its matches set its
# own frames' `$~`, not its caller's; and a block it passes to `gsub!`
# reads the match of its own method, also when the caller runs compiled
# without frame records (a compiled block calling it through `to_s`).
require "benchmark"

"abc" =~ /b/
puts Benchmark::Tms.new(1.0, 2.0).format("%u %y")
p $~[0]

class Sink
  attr_reader :text

  def initialize = @text = +""

  def write(*parts)
    parts.each { |part| @text << part.to_s }
  end
end

lines = []
300.times do |i|
  sink = Sink.new
  [Benchmark::Tms.new(i.to_f, 0.5)].each { |tms| sink.write(tms) }
  lines << sink.text
end
p lines.uniq.size, lines.first, lines.last
