# A native call whose callee has no compiled code (not compiled yet, or
# retired after its guards failed) takes the helper's way. It used to jump
# there before storing the argument count in the call's record, while the
# next native call with as many arguments trusted the record to hold it: its
# callee then ran with a stale count, and materialising its frame read
# 2**47 arguments (the AWFY Json crash: SIGSEGV, or an allocation failure).
def scale(x)
  x = x + 0
  x = x + 1
  x = x + 2
  x = x + 3
  x = x + 4
  x = x + 5
  x = x + 6
  x = x + 7
  x = x + 8
  x = x + 9
  x = x + 10
  x = x + 11
  x = x + 12
  x = x + 13
  x = x + 14
  x = x + 15
  x = x + 16
  x = x + 17
  x = x + 18
  x = x + 19
  x = x + 20
  x = x + 21
  x = x + 22
  x = x + 23
  x = x + 24
  x = x + 25
  x = x + 26
  x = x + 27
  x = x + 28
  x = x + 29
  x = x + 30
  x = x + 31
  x = x + 32
  x = x + 33
  x = x + 34
  x = x + 35
  x = x + 36
  x = x + 37
  x = x + 38
  x = x + 39
  x
end

def show(x)
  x = x + 0
  x = x + 1
  x = x + 2
  x = x + 3
  x = x + 4
  x = x + 5
  x = x + 6
  x = x + 7
  x = x + 8
  x = x + 9
  x = x + 10
  x = x + 11
  x = x + 12
  x = x + 13
  x = x + 14
  x = x + 15
  x = x + 16
  x = x + 17
  x = x + 18
  x = x + 19
  x = x + 20
  x = x + 21
  x = x + 22
  x = x + 23
  x = x + 24
  x = x + 25
  x = x + 26
  x = x + 27
  x = x + 28
  x = x + 29
  x = x + 30
  x = x + 31
  x = x + 32
  x = x + 33
  x = x + 34
  x = x + 35
  x = x + 36
  x = x + 37
  x = x + 38
  x = x + 39
  format("%.1f", x)
end

def run(i)
  scale(i)
  show(i)
end

1200.times { |i| run(i) }
p run(1)
# Floats fail scale's guards until its code is retired: run's call of it
# takes the helper's way, and show's native call follows.
20.times { |i| scale(i + 0.5) }
p run(2)
p run(3)
