$load_count = 0
p load("lib/load_counter.rb")
p load("lib/load_counter.rb")
p load("./lib/load_counter.rb")
p $load_count
p LoadCounter.loads
