p "%s and %s" % ["a", "b"]
p "%d" % 5
p "%p" % [nil]
p "%s" % [[1, 2]]
p "%s" % nil
p "%05.1f%%" % 99.5
p "%-5s|%5s" % %w[ab cd]
p "%s" % "only"
