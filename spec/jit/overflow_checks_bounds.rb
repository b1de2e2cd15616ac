# Fixnum arithmetic whose operand a branch bounds needs no overflow check;
# at the ends of the fixnum range, the unbounded cases still make Bignums.
MIN = -(2**62)
MAX = 2**62 - 1

def down(n)
  if n > MIN
    n - 1
  else
    n - 1
  end
end

def up_to(limit, start)
  i = start
  while i < limit
    i += 1
  end
  i
end

def step_back(n)
  n >= 2 ? n - 2 : n - 2
end

3.times do
  20.times { |k| down(k) + up_to(k, 0) + step_back(k) }
  p down(MIN + 1)
  p down(MIN)
  p up_to(MAX, MAX - 3)
  p up_to(MAX + 2, MAX - 1)
  p step_back(MIN + 1)
  p step_back(2)
  p [down(0).class, down(MIN).class]
end
