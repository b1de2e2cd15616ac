# A method is compiled once the calls it has had would pay for compiling
# it: a call of `chain` runs a part of it (the tests of a long if/elsif
# chain up to the one that holds), so it waits for more calls than
# `whole`, whose calls run all of it.
def chain(x)
  if x == 0 then 0
  elsif x == 1 then 3
  elsif x == 2 then 6
  elsif x == 3 then 9
  elsif x == 4 then 12
  elsif x == 5 then 15
  elsif x == 6 then 18
  elsif x == 7 then 21
  elsif x == 8 then 24
  elsif x == 9 then 27
  elsif x == 10 then 30
  elsif x == 11 then 33
  elsif x == 12 then 36
  elsif x == 13 then 39
  elsif x == 14 then 42
  elsif x == 15 then 45
  elsif x == 16 then 48
  elsif x == 17 then 51
  elsif x == 18 then 54
  elsif x == 19 then 57
  elsif x == 20 then 60
  elsif x == 21 then 63
  elsif x == 22 then 66
  elsif x == 23 then 69
  elsif x == 24 then 72
  elsif x == 25 then 75
  elsif x == 26 then 78
  elsif x == 27 then 81
  elsif x == 28 then 84
  elsif x == 29 then 87
  elsif x == 30 then 90
  elsif x == 31 then 93
  elsif x == 32 then 96
  elsif x == 33 then 99
  elsif x == 34 then 102
  elsif x == 35 then 105
  elsif x == 36 then 108
  elsif x == 37 then 111
  elsif x == 38 then 114
  elsif x == 39 then 117
  else -1
  end
end

def whole(x)
  y = x * 2
  y + 1
end

def run(i)
  chain(i % 41) + whole(i)
end

sum = 0
1500.times do |i|
  sum += run(i)
end
p sum
