# size/length count entries; empty? is true for none.
h = {}
p h.size, h.length, h.empty?, h.count
h[:a] = 1
h[:b] = nil
p h.size, h.length, h.empty?
h.delete(:a)
h.delete(:b)
p h.size, h.empty?, h
p Hash.new(1).empty?, Hash.new(1).size
begin
  h.size(1)
rescue ArgumentError => e
  p e.message
end
