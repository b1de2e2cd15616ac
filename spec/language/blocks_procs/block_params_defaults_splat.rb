def give(*args)
  yield(*args)
end

def give_kw(*args, **kw)
  yield(*args, **kw)
end

give(1) { |a, b = :dflt| p [a, b] }
give(1, 2) { |a, b = :dflt| p [a, b] }
give(1, 2, 3, 4) { |a, *rest| p [a, rest] }
give(1, 2, 3, 4) { |a, *mid, z| p [a, mid, z] }
give([1, [2, 3]]) { |a, (b, c)| p [a, b, c] }
give_kw(1, k: 2) { |a, k:| p [a, k] }
give_kw(5) { |a, k: 9| p [a, k] }
give(1, 2) { |a, &blk| p [a, blk] }
