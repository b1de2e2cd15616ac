# Word frequencies: reads the text file named in ARGV, splits it into
# words, counts them in a Hash and prints the twenty most frequent with
# `format`, then a few statistics about the vocabulary: how many words
# appear once, the longest ones, how word lengths are spread, and which
# words most often start a sentence. Ties are broken alphabetically so the
# report is the same on every Ruby.
#
# spec: args data/corpus.txt
# Benchmark: `ruby word_frequency.rb data/corpus.txt` (the 1.2 MB corpus made by data/make_corpus.py)

# Splits text into lower-case words: runs of letters, with inner
# apostrophes (don't) and hyphens (well-known) kept.
class Tokenizer
  WORD = /[a-z]+(?:['-][a-z]+)*/

  def initialize(text)
    @text = text
  end

  def words
    @text.downcase.scan(WORD)
  end

  # The first word of every sentence, as written (capitalised).
  def sentence_openers
    @text.split(/[.!?;]\s+/).map { |sentence| sentence[/[A-Za-z]+/] }.compact
  end
end

# A Hash of counts with the queries the report needs.
class FrequencyTable
  include Enumerable

  attr_reader :total

  def initialize
    @counts = Hash.new(0)
    @total = 0
  end

  def add(word)
    @counts[word] += 1
    @total += 1
    self
  end

  def add_all(words)
    words.each { |word| add(word) }
    self
  end

  def each(&block)
    @counts.each(&block)
  end

  def [](word)
    @counts[word]
  end

  def distinct
    @counts.size
  end

  # The n most frequent, most frequent first, ties alphabetical.
  def top(n)
    @counts.sort_by { |word, count| [-count, word] }.first(n)
  end

  def share(word)
    100.0 * @counts[word] / @total
  end

  def hapaxes
    @counts.count { |_, count| count == 1 }
  end
end

# Prints the sections of the report.
class Report
  def initialize(table, tokenizer)
    @table = table
    @tokenizer = tokenizer
  end

  def print_all
    print_summary
    print_top(20)
    print_lengths
    print_longest(5)
    print_openers(5)
  end

  def print_summary
    puts format("%-22s %9d", "words:", @table.total)
    puts format("%-22s %9d", "distinct words:", @table.distinct)
    puts format("%-22s %9d", "words seen once:", @table.hapaxes)
    ratio = @table.distinct.to_f / @table.total
    puts format("%-22s %9.4f", "type/token ratio:", ratio)
    puts
  end

  def print_top(n)
    puts format("%4s  %-16s %8s %7s", "rank", "word", "count", "share")
    cumulative = 0.0
    @table.top(n).each_with_index do |(word, count), i|
      cumulative += @table.share(word)
      puts format("%4d. %-16s %8d %6.2f%% %6.2f%%", i + 1, word, count, @table.share(word), cumulative)
    end
    puts
  end

  def print_lengths
    by_length = Hash.new(0)
    @table.each { |word, count| by_length[word.length] += count }
    longest_bar = by_length.values.max
    by_length.keys.sort.each do |length|
      count = by_length[length]
      bar = "#" * (40.0 * count / longest_bar).ceil
      puts format("%2d %8d %s", length, count, bar)
    end
    mean = by_length.sum { |length, count| length * count }.fdiv(@table.total)
    puts format("mean word length: %.3f", mean)
    puts
  end

  def print_longest(n)
    longest = @table.map { |word, _| word }.max_by(n) { |word| [word.length, word] }
    longest.each { |word| puts format("%-30s %3d letters, seen %d times", word, word.length, @table[word]) }
    puts
  end

  def print_openers(n)
    openers = Hash.new(0)
    @tokenizer.sentence_openers.each { |word| openers[word] += 1 }
    openers.sort_by { |word, count| [-count, word] }.first(n).each do |word, count|
      puts format("%-10s opens %5d sentences", word.inspect, count)
    end
  end
end

path = ARGV[0] or abort("usage: word_frequency.rb FILE")
text = File.read(path)
tokenizer = Tokenizer.new(text)
table = FrequencyTable.new.add_all(tokenizer.words)
Report.new(table, tokenizer).print_all
# spec: skip-mode gc-stress over two minutes under --gc-stress even in a release build
