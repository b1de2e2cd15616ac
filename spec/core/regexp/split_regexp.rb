# split with a Regexp.
p "a,b;c d".split(/[,; ]/), "a1b22c".split(/\d+/), "one  two".split(/ /)
p "a-b_c".split(/([-_])/), "a-b".split(/(-)|(x)/), "2024-06-01".split(/-/).map(&:to_i)
p " lead".split(/\s/), "trail,,".split(/,/), "".split(/,/)
p $~
