# to_s and inspect: UTC or the offset; inspect adds the fraction of the
# second (its digits, or the exact fraction a Float made).
t = Time.utc(2020, 11, 22, 10, 0, 0)
puts t
p t, t.to_s
p Time.at(1.5).utc, Time.at(0, 123_456, :usec).utc, Time.at(0, 1, :nsec).utc
p Time.at(1.1).utc
p Time.utc(-1), Time.utc(99), Time.utc(12_345, 6)
p Time.new(2020, 1, 2, 3, 4, 5, "+09:00"), Time.new(2020, 1, 2, 3, 4, 5, "-05:30").to_s
p Time.utc(2000).ctime, Time.utc(2000, 3, 14, 15, 9, 26).asctime
