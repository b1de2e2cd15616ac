# What leaves `rescue` clauses that run in compiled code (see
# rescue_landing_pads): an exception no clause matches leaves the method;
# transfers that are not exceptions (`break`, `throw`) end the right
# frames; a clause that raises shows as `rescue in` in the backtrace; a
# rescue modifier and clauses with lists of classes.

class Flaw < StandardError; end
class Crack < Flaw; end

def check(x)
  raise Flaw, "flaw #{x}" if x % 3 == 0
  raise Crack, "crack #{x}" if x % 7 == 0
  x
end

# A clause that does not match: the exception leaves the method.
def unmatched(x)
  check(x)
rescue TypeError
  :never
end

# A `break` from a block through a protected range: not an exception.
def first_big(list)
  list.each do |x|
    begin
      check(x + 1)
      break x * 10 if x > 3
    rescue Flaw
      x
    end
  end
end

def thrower(x)
  catch(:done) do
    begin
      throw :done, x * 2 if x.even?
      check(x)
    rescue Flaw
      -x
    end
  end
end

# The clause itself raises: the backtrace names `rescue in`.
def rethrow(x)
  check(x)
rescue Flaw
  raise ArgumentError, "again #{x}"
end

# A rescue modifier and a clause list.
def modifier(x) = (check(x) rescue -1)

def listed(x)
  check(x)
rescue TypeError, Crack => e
  [:crack, e.message]
rescue NameError, Flaw
  :flaw
end

sums = [0, 0, 0, 0, 0]
1200.times do |i|
  sums[0] += first_big([i % 5, 4, 5]) || 0
  sums[1] += thrower(i)
  sums[2] += modifier(i)
  sums[3] += listed(i).to_s.size
  begin
    unmatched(i)
  rescue Flaw => e
    sums[4] += e.message.size
  end
end
p sums
p $!
p first_big([1, 2, 5, 9])
begin
  rethrow(3)
rescue ArgumentError => e
  p e.message
  puts e.backtrace.first(2).map { |line| line.sub(/\A.*?:/, "") }
end
p listed(7), listed(3), listed(1)
