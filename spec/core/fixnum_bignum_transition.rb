max = 4611686018427387903
p max
p max + 1
p max + 1 - 1
p (max + 1).class
min = -4611686018427387904
p min
p min - 1
p min - 1 + 1
p max * 2
p max * max
p -(max + 1)
p max.succ
p min.pred
p (max + 1).pred
p max + 1 == 4611686018427387904
p max + 1 - 1 == max
