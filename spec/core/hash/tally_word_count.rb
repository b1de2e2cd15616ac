# Counting words three ways, then the most frequent ones.
text = "the quick brown fox jumps over the lazy dog the fox"
words = text.split
counts = Hash.new(0)
words.each { |w| counts[w] += 1 }
p counts
p words.tally == counts
by_hand = words.each_with_object({}) { |w, acc| acc[w] = acc.fetch(w, 0) + 1 }
p by_hand == counts
top = counts.sort_by { |word, n| [-n, word] }.first(3)
top.each { |word, n| puts "#{word.ljust(6)} #{'*' * n}" }
p counts.max_by { |_, n| n }
p counts.select { |_, n| n > 1 }.keys
p counts.group_by { |_, n| n }.transform_values { |pairs| pairs.map(&:first).sort }
p counts.sum { |_, n| n } == words.size
