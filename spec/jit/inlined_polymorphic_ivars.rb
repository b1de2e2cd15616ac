# Instance variables that compiled code reads and writes through the
# runtime (a site that saw several shapes) in inlined methods and in
# methods called natively, interpolation there, and a write to a frozen
# object from such a site.

class Entry
  def initialize(amount, note = nil)
    @amount = amount
    @note = note if note
  end

  def amount = @amount
  def describe = "#{@amount} (#{@note || 'no note'})"
  def bump(by) = @amount += by
end

class Labeled < Entry
  def initialize(amount, label)
    @label = label
    super(amount, label.upcase)
  end
end

class Ledger
  def initialize(entries) = @entries = entries

  def total
    sum = 0
    @entries.each { |e| sum += e.amount }
    sum
  end

  def report = @entries.map { |e| e.describe }.join(", ")

  def bump_all(by) = @entries.each { |e| e.bump(by) }
end

entries = [Entry.new(1), Entry.new(2, "rent"), Labeled.new(3, "food"), Entry.new(4)]
ledger = Ledger.new(entries)
t = nil
400.times do
  t = ledger.total
  ledger.report
end
p t
puts ledger.report
300.times { ledger.bump_all(0) }
ledger.bump_all(10)
p ledger.total

entries[2].freeze
begin
  ledger.bump_all(1)
rescue FrozenError => e
  puts e.message.sub(/0x\h+/, "XX")
  puts e.backtrace.first(4).map { |l| l.sub(/^.*\//, "") }
end
p entries.map(&:amount)
# spec: skip-mode gc-stress 0.8 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
