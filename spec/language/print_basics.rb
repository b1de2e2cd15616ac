print "a"
print "b", "c", 1, 2.5, :d, nil, true
print "\n"
r = print "x\n"
p r
print
print "no newline at end"
print "\n"
print [1, nil, "s"], "\n"
