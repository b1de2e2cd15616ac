# strftime flags and widths: - _ 0 ^ #, a width, %E/%O, unknown
# directives copied, and an unfinished directive.
t = Time.utc(2000, 1, 1, 12)
p t.strftime("%-m/%-d/%y %_m %05d %-j %3j %_3j %-y")
p t.strftime("%^a %^B %#b %#p %#P %^P %#Z %^Z %10A|%-10A|%010A")
p t.strftime("%10s %-10s %_10s %5% %10p %-10p %^c")
p t.strftime("%Ez %Oy %Od %q %+ %:y %E")
p t.strftime("%8z %_10z %3z %:::z %0z")
p Time.new(2000, 1, 1, 0, 0, 0, "-05:30").strftime("%z %:z %::z %:::z %_10z %010z")
p Time.utc(2021, 1, 3).strftime("%G-W%V-%u %g %U %W"), Time.utc(2024, 12, 30).strftime("%G %V")
["%", "abc%", "%-", "%5"].each do |f|
  t.strftime(f)
rescue ArgumentError => e
  p e.message
end
