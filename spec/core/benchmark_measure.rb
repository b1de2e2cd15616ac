# Benchmark: measure, realtime, bm and bmbm, and the Process.times they
# read. Times vary from run to run, so only their shapes are printed:
# every number with a decimal point becomes T.
require "benchmark"

def shape(text)
  text.gsub(/\d+\.\d+/, "T")
end

t = Process.times
p t.class, t.class.superclass, Process::Tms.members, t.members
p t.to_a.map(&:class), t.to_a.all? { |v| v >= 0 }
p Process::Tms.new(1.0, 2.0)

r = Benchmark.measure { 1000.times { } }
p r.class, r.label
p [r.utime, r.stime, r.cutime, r.cstime, r.total, r.real].map(&:class)
p [r.utime, r.stime, r.cutime, r.cstime, r.total, r.real].all? { |v| v >= 0 }
p r.total == r.utime + r.stime + r.cutime + r.cstime
puts shape(r.to_s)
puts shape(r.format("%n|%u|%y|%U|%Y|%t|%r"))
puts shape(r.format("%10.3u %-8.2r|%s|", "extra"))
labelled = Benchmark.measure("job") { }
p labelled.label, labelled.to_a.first

real = Benchmark.realtime { [3, 1, 2].sort }
p real.class, real >= 0

p Benchmark::CAPTION, Benchmark::FORMAT, Benchmark::Tms::CAPTION.equal?(Benchmark::CAPTION)
p Benchmark::BENCHMARK_VERSION

t = Benchmark::Tms.new(1.0, 2.0, 3.0, 4.0, 5.0, "x")
p t.to_a, t.to_h, t.total
p (t + t).to_a, (t - t).to_a, (t * 2).to_a, (t / 4).to_a
puts t, t.format("%n %t")
p Benchmark::Tms.new.to_a
sum = t.add { }
p sum.class, sum.utime >= 1.0, sum.label
t.add! { }
p t.real >= 5.0, t.label

# bm prints CAPTION (after label_width + 1 spaces) and one line per
# report, and answers the Tms list. Its output goes through print, so it
# is captured here by swapping $stdout for an object that collects it.
class Collector
  attr_reader :text, :sync

  def initialize
    @text = +""
    @sync = false
  end

  def sync=(value)
    @text << "<sync=#{value}>"
    @sync = value
  end

  def write(*parts)
    parts.each { |part| @text << part.to_s }
    parts.sum { |part| part.to_s.size }
  end
end

def captured
  saved = $stdout
  $stdout = Collector.new
  result = yield
  [$stdout.text, result]
ensure
  $stdout = saved
end

text, list = captured do
  Benchmark.bm(7) do |x|
    x.report("for:") { for i in 1..100; end }
    x.report("times:") { 100.times { } }
    x.report { }
  end
end
puts shape(text)
p list.class, list.map(&:class), list.map(&:label)

text, list = captured do
  Benchmark.bm { |x| x.report("a") { } }
end
puts shape(text)

text, list = captured do
  Benchmark.benchmark(" " * 4 + Benchmark::CAPTION, 4, Benchmark::FORMAT, ">total:", ">avg:") do |x|
    a = x.report("one") { }
    b = x.report("two") { }
    [a + b, (a + b) / 2]
  end
end
puts shape(text)
p list.size

text, list = captured do
  Benchmark.bmbm do |x|
    x.report("short") { }
    x.item("a longer label") { }
  end
end
puts shape(text)
p list.map(&:label)

begin
  Benchmark.bmbm { |x| x.report("no block") }
rescue ArgumentError => e
  p e
end
