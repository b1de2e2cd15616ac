double = ->(x) { x * 2 }
inc = ->(x) { x + 1 }
compose = ->(f, g) { ->(x) { g.(f.(x)) } }
p compose.(double, inc).(5)
p compose.(inc, double).(5)
pipeline = [double, inc, double]
p pipeline.inject(3) { |acc, f| f.call(acc) }
p (double >> inc).call(5)
p (double << inc).call(5)
