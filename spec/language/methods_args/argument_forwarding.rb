def target(a, b = 2, *c, k: 0, &blk)
  "a=#{a} b=#{b} c=#{c} k=#{k} blk=#{blk ? blk.call : "none"}"
end

def forward(...)
  target(...)
end

def forward_extra(x, ...)
  "x=#{x} " + target(...)
end

puts forward(1)
puts forward(1, 3, 4, k: 5) { "B" }
puts forward_extra(:first, 10)
def anon_block(&) = target(1, &)
puts anon_block { "anon" }
