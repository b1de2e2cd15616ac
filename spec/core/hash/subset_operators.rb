# <=, <, >= and > compare Hashes as sets of pairs.
small = { a: 1 }
big = { a: 1, b: 2 }
p small <= big, small < big, big >= small, big > small
p small <= small, small < small, big >= big, big > big
p({ a: 2 } <= big, {} < small, big <= small)
p({ a: 1.0 } <= big)
begin
  small <= [[:a, 1]]
rescue TypeError => e
  p e.message
end
