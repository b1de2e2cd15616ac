# Time.now: a local Time close to now, moving forward.
a = Time.now
b = Time.now
p a.class, a <= b, (b - a).class, b - a < 5
p a.utc? == false, a.year >= 2024
p Time.new.class, (Time.new - a).abs < 5
p (a.to_f - a.to_i).between?(0, 1), a.nsec.between?(0, 999_999_999)
