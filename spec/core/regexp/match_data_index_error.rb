# An uncaught IndexError from a MatchData.
m = /(?<a>x)/.match("x")
p m[:a]
m[:b]
