# A `case` whose `when`s are all literals jumps through a table (MRI's
# opt_case_dispatch): it must answer as the `when` checks would.
def kind(x)
  case x
  when 1 then :one
  when 2, 3 then :two_three
  when 1.5 then :one_and_half
  when :sym then :symbol
  when "str" then :string
  when nil then :nil
  when true then :true
  when false then :false
  when 1180591620717411303424 then :big
  when -7 then :minus_seven
  when 4.0 then :four
  else :other
  end
end

p [1, 2, 3, 1.0, 1.5, 2.0, -7, -7.0, 4, 4.0].map { |x| kind(x) }
p [:sym, "str", "s", nil, true, false].map { |x| kind(x) }
p [2**70, 2.0**70, 0.0, -0.0, Float::NAN, Float::INFINITY].map { |x| kind(x) }
p [[], {}, Object, :str, "sym"].map { |x| kind(x) }

class Sub < String; end
p kind(Sub.new("str"))
p kind("str".b)
p kind("str".freeze)

# A subject whose `==` says yes: the core's `===` of a literal asks it.
class Anything
  def ==(other) = other == 2
end
p kind(Anything.new)

# Without an else: nil when nothing matches.
def small(x)
  case x
  when :a then 1
  when :b then 2
  end
end
p [small(:a), small(:b), small(:c)]

# Bodies see the subject and the locals as the checks would leave them.
def body_locals(x)
  y = 10
  r = case x
      when 1 then y + x
      when 2 then y * x
      else y - x
      end
  [r, y]
end
p [body_locals(1), body_locals(2), body_locals(5)]

# A redefined `===` is called, even after the table was used.
p kind(5)
class Integer
  def ===(other)
    other == 5 || super
  end
end
p kind(5)
class Symbol
  def ===(other)
    other == :other_sym || super
  end
end
p kind(:other_sym)
