# GC acceptance test (`cargo xtask gc-check`): 25 million iterations, each
# allocating a string and an array that die at once (50 million objects, plus
# the temporaries of the string concatenation and `to_s`). With a working
# collector the live set is a handful of objects, so peak RSS stays far below
# 100 MB. Only while loops, locals, strings and array literals; the checksum
# and the last objects are printed so outputs can be compared with MRI's.

n = 25_000_000
i = 0
checksum = 0
s = ""
a = []
while i < n
  s = "x" + i.to_s
  a = [i, s]
  checksum = checksum + i % 7
  i = i + 1
end
puts checksum
puts s
p a
