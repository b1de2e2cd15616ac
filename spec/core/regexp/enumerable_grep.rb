# grep and grep_v select with ===; with a Regexp and a block, the block
# sees $~.
words = %w[apple banana cherry 42]
p words.grep(/an/), words.grep_v(/an/), words.grep(/^\d+$/) { |w| w.to_i + 1 }
p %w[a1 b2 c3].grep(/([a-z])(\d)/) { "#{$2}#{$1}" }
p [1, "two", :three, 4.0, nil].grep(Numeric), (1..20).grep(5..7), [:sym, "str", 1].grep(/s/)
def quiet
  %w[x1 y2].grep(/(\d)/)
  $~
end
p quiet
p({ a: 1, b: 2 }.grep(Array).size)
