n = 4
p n.even?
p n.odd?
p n.succ
p n.evn?
