count = 0
inc = -> { count += 1 }
dec = proc { count -= 1 }
inc.call
inc.call
inc.call
dec.call
p count
count = 100
inc.call
p count
def make_counter
  n = 0
  [-> { n += 1 }, -> { n }]
end
bump, read = make_counter
bump.call
bump.call
p read.call
bump2, read2 = make_counter
bump2.call
p [read.call, read2.call]
