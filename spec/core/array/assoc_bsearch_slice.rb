p [[1, :a], [2, :b]].assoc(2), [[1, :a]].assoc(3), [[1, :a], [2, :b]].rassoc(:b), [1, [2]].assoc(2)
p [1, 3, 5, 7].bsearch { |x| x >= 4 }, [1, 3, 5].bsearch { |x| 3 <=> x }, [1, 3].bsearch_index { |x| x >= 3 }
p [1, 3, 5, 7].bsearch { |x| x >= 100 }, [].bsearch { |x| true }, [1, 2, 3].bsearch { |x| nil }
p (0..20).to_a.bsearch { |x| x * x >= 50 }
begin
  [1, 2].bsearch { "x" }
rescue TypeError => e
  p e.message
end
a = [1, 2, 3, 4, 5]; p a.slice!(1), a
a = [1, 2, 3, 4, 5]; p a.slice!(1, 2), a
a = [1, 2, 3, 4, 5]; p a.slice!(1..2), a
p a.slice!(10), a.slice!(10, 1), a.slice!(3, 1), a
a = [1, 2, 3]; p a.slice!(-1), a.slice!(-5), a.slice!(0...0), a
a = [1, 2, 3]; p a.slice!(3, 1), a.slice!(1..), a
p [1, 2, 3].cycle.first(7), [1, 2].cycle(2).to_a, [].cycle.first(2), [1].cycle(3).size, [1, 2].cycle.size
p [1, 2].cycle
