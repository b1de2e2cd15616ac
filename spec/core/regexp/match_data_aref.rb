# MatchData#[]: an index (negative from the end), a name, a range, or a
# start and length.
m = /(\d+)-(\d+)(-(\d+))?/.match("tel 555-1234 x")
p m[0], m[1], m[2], m[3], m[4], m[5], m[-1], m[-2], m[-5], m[-6]
p m[1, 2], m[0..1], m[-2..], m[1...1], m[9, 1]
n = /(?<area>\d+)-(?<num>\d+)/.match("555-1234")
p n[:area], n["num"], n[1], n[:num.to_s]
