# FASTA-style sequence generation: a repeated sequence cut into lines of
# 60, then sequences drawn from weighted alphabets by a linear congruential
# generator, each character picked by a cumulative-probability search.
# Usage: fasta.rb [N] (default 250 thousand: 2.5 million characters in all).

ALU = "GGCCGGGCGCGGTGGCTCACGCCTGTAATCCCAGCACTTTGG" \
      "GAGGCCGAGGCGGGCGGATCACCTGAGGTCAGGAGTTCGAGA" \
      "CCAGCCTGGCCAACATGGTGAAACCCCGTCTCTACTAAAAAT"

IUB = [["a", 0.27], ["c", 0.12], ["g", 0.12], ["t", 0.27],
       ["B", 0.02], ["D", 0.02], ["H", 0.02], ["K", 0.02],
       ["M", 0.02], ["N", 0.02], ["R", 0.02], ["S", 0.02],
       ["V", 0.02], ["W", 0.02], ["Y", 0.02]]

HOMO_SAPIENS = [["a", 0.3029549426680], ["c", 0.1979883004921],
                ["g", 0.1975473066391], ["t", 0.3015094502008]]

LINE = 60

class Generator
  def initialize(seed)
    @last = seed
  end

  def next_fraction
    @last = (@last * 3877 + 29573) % 139968
    @last / 139968.0
  end
end

def cumulative(table)
  sum = 0.0
  table.map { |char, p| [char, sum += p] }
end

def repeat_sequence(source, n, out)
  doubled = source * 2
  start = 0
  while n > 0
    width = n < LINE ? n : LINE
    out << doubled[start, width] << "\n"
    start += width
    start -= source.length if start >= source.length
    n -= width
  end
end

def random_sequence(table, n, generator, out)
  chances = cumulative(table)
  line = +""
  n.times do
    r = generator.next_fraction
    pick = chances.find { |(_, limit)| r < limit } || chances.last
    line << pick[0]
    if line.length == LINE
      out << line << "\n"
      line = +""
    end
  end
  out << line << "\n" unless line.empty?
end

n = (ARGV[0] || 250_000).to_i
generator = Generator.new(42)
out = +""
repeat_sequence(ALU, n * 2, out)
random_sequence(IUB, n * 3, generator, out)
random_sequence(HOMO_SAPIENS, n * 5, generator, out)
p out.length
p out.count("a"), out.count("g"), out.count("\n")
p out[-61, 60]
