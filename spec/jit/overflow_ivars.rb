# Instance variables past the object's cell (the fifth on): compiled code
# reads and writes them through the pointer to the overflow slots, and a
# write that adds one may move them (the overflow grows from four slots to
# eight); the values there stay alive through collections.

class Record
  def initialize(n)
    @s0 = n
    @s1 = n + 1
    @s2 = n + 2
    @s3 = n + 3
    @s4 = "four-#{n}"
    @s5 = [n]
    @s6 = n * 6
    @s7 = n * 7
    @s8 = n * 8
    @s9 = "nine-#{n}"
    @s10 = n * 10
    @s11 = { n => n }
  end

  def bump
    @s4 = @s4.succ
    @s6 += 1
    @s10 += @s8
    @s5 << @s7
    self
  end

  def summary
    [@s0, @s4, @s5.size, @s6, @s9, @s10, @s11.keys.first]
  end

  def total = @s0 + @s3 + @s6 + @s7 + @s8 + @s10
end

records = Array.new(50) { |i| Record.new(i) }
sum = 0
300.times do
  records.each { |r| sum += r.bump.total }
end
GC.start
p sum
p records[7].summary
p records.last.summary

class Growing
  def fill(count)
    @a = 1
    @b = 2
    @c = 3
    @d = 4
    @e = 5 if count > 4
    @f = "six" if count > 5
    @g = 7 if count > 6
    @h = 8 if count > 7
    @i = 9 if count > 8
    self
  end
end

grown = nil
400.times { |i| grown = Growing.new.fill(i % 10) }
p grown.instance_variables
p grown.instance_variable_get(:@f)
p Growing.new.fill(4).instance_variables.size

frozen = Record.new(3)
frozen.freeze
begin
  frozen.bump
rescue => e
  puts "#{e.class}: #{e.message.sub(/0x\h+/, 'XX')}"
end
p frozen.summary
