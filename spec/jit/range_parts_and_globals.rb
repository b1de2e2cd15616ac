# Ranges passed around (not literals at the call) give their parts to
# compiled code, also for kinds of ends that change; globals read in
# compiled code (`$!` at each rescue) are the runtime's.
def span(range) = [range.begin, range.end, range.exclude_end?]

def total(ranges)
  sum = 0
  ranges.each do |r|
    first, last, open = span(r)
    sum += (first || 0) + (last || 0) + (open ? 1 : 0)
  end
  sum
end

ranges = (1..400).map { |i| i.even? ? (i..i * 2) : (i...i + 3) }
p total(ranges)
p span("a".."c"), span(1.5..), span(..3), span(nil..nil)
p total([(1..2), (3...4), (nil..5)])

$counter = 0
def bump
  $counter += 1
  $stdout.sync ? $counter : -$counter
end
p (1..1000).map { bump }.last

def safe_div(a, b)
  before = $!
  a / b
rescue ZeroDivisionError => e
  [before, $!.message, e.equal?($!)]
end
r = nil
500.times { |i| r = safe_div(i, i % 5) }
p r
p $!
begin
  raise "outer"
rescue
  p safe_div(1, 0)
  p $!.message
end
