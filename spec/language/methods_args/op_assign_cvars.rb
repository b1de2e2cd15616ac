class Tally
  @@count = 0
  @@log ||= []

  def self.add(n)
    @@count += n
    @@log << n
    @@max ||= n
    @@max = n if n > @@max
  end

  def self.show = [@@count, @@log, @@max]
end

Tally.add(2)
Tally.add(5)
Tally.add(1)
p Tally.show
