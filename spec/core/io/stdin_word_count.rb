# A filter: counts words per line of standard input.
totals = Hash.new(0)
lines = 0
while (line = gets)
  lines += 1
  line.split.each { |word| totals[word.downcase] += 1 }
end
puts "#{lines} lines"
totals.keys.sort.each { |word| puts "#{word}: #{totals[word]}" }
