words = %w[pear fig banana kiwi apple]
p words.sort
p words.sort { |a, b| b <=> a }
p words.sort_by { |w| [w.length, w] }
p words.min_by { |w| w.length }
p words.max_by { |w| w.length }
p words.min
p words.max
p [5, 3, 9].minmax
p words.partition { |w| w.length > 4 }
slices = []
words.each_slice(2) { |s| slices << s }
p slices
