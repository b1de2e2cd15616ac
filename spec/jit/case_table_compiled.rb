# Compiled code dispatches a `case` of literals through its table: the
# runtime looks the subject up and a binary search of the answer branches
# to the body. Hot, the profile says the `when` checks never ran; a
# subject only they can decide, and a redefined `===`, must still be
# answered as the checks would.
def grade(x)
  case x
  when 0 then :zero
  when 1, 2, 3 then :few
  when 4, 5 then :some
  when 6.5 then :six_and_half
  when :many then :symbol
  when "lots" then :string
  when nil then :none
  when 1180591620717411303424 then :huge
  else :other
  end
end

def tally(subjects, rounds)
  counts = Hash.new(0)
  rounds.times do
    subjects.each { |x| counts[grade(x)] += 1 }
  end
  counts
end

p tally([0, 1, 2, 3, 4, 5, 6, 7, -1], 500)
p tally([6.5, 3.0, :many, "lots", nil, 2**70, 2.0**70, false], 300)

# Subjects only the checks decide, after the code was compiled.
class Two
  def ==(other) = other == 2
end
p [grade(Two.new), grade("lots".b), grade(Object.new)]

# Locals assigned before the case and in its bodies reach the join.
def weigh(items)
  total = 0
  heavy = 0
  items.each do |item|
    step = case item
           when :a then total += 1
           when :b then heavy += 1; 10
           when :c, :d then total += 2; 20
           else 0
           end
    total += step
  end
  [total, heavy]
end
p (1..400).map { |i| weigh([:a, :b, :c, :d, :e].rotate(i % 5)) }.uniq

# A case in a loop: each iteration dispatches again.
def digits(n)
  out = +""
  while n > 0
    out << case n % 4
           when 0 then "a"
           when 1 then "b"
           when 2 then "c"
           else "d"
           end
    n /= 4
  end
  out
end
p (1..2000).map { |n| digits(n) }.last(3)

# Redefining `===` of a literal's class retires the compiled code.
class Integer
  def ===(other)
    other == 7 || super
  end
end
p [grade(7), grade(3), grade(100)]
class String
  def ===(other)
    other == "many" || super
  end
end
p [grade("many"), grade("lots"), grade(:many)]
