# Counting words with a Hash: a text of words drawn from a vocabulary by
# a linear congruential generator, split into words, counted with
# `Hash.new(0)`, then the most frequent listed.
# Usage: word_count.rb [N] (default 1 million words).

VOCABULARY = %w[
  the of and to in is was that for it with as his on be at by had this
  not are but from or have an they which one you were her all she there
  would their we him been has when who will more no if out so said what
  up its about into than them can only other new some could time these
  two may then do first any my now such like our over man me even most
].freeze

def text(words)
  seed = 7
  out = +""
  words.times do |i|
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
    word = VOCABULARY[(seed >> 8) % VOCABULARY.size]
    out << word
    out << (i % 12 == 11 ? "\n" : " ")
  end
  out
end

n = (ARGV[0] || 1_000_000).to_i
counts = Hash.new(0)
text(n).each_line do |line|
  line.split.each { |word| counts[word] += 1 }
end
top = counts.sort_by { |word, count| [-count, word] }.first(10)
top.each { |word, count| puts "#{word} #{count}" }
p counts.size
p counts.values.sum
