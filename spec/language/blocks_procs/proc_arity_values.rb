procs = [
  proc {},
  proc { || },
  proc { |a| },
  proc { |a, b| },
  proc { |a, b = 1| },
  proc { |*a| },
  proc { |a, *b| },
  proc { |a, b:| },
  proc { |a, b: 1| },
  proc { |**kw| },
  proc { |a, | },
]
procs.each { |pr| print pr.arity, " " }
puts
