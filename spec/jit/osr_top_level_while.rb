# A long top-level `while` is entered in compiled code at its loop header
# (on-stack replacement), carrying the interpreter's locals in; the loop's
# exit, never seen while profiling, deoptimises back.
n = 20_000
i = 0
sum = 0
big = 0
while i < n
  sum = sum + i * 7 % 13 + i / 1024 % 5
  if sum > 1_000
    sum = sum - 997
  end
  big += i * i * i * i if i > 19_990
  i = i + 1
end
p sum
p big
p i
