# strftime: the common directives.
t = Time.utc(2020, 1, 2, 3, 4, 5)
puts t.strftime("%Y-%m-%d %H:%M:%S")
puts t.strftime("%a %A %b %B %h %j %e %p %I %y %%")
puts t.strftime("%z %:z %::z %Z %s %L %N %u %w")
puts t.strftime("%c | %D | %F | %T | %R | %r | %x | %X | %v")
puts Time.utc(2020, 6, 15, 13, 30).strftime("%I:%M %p %l %k %P")
puts Time.at(1_600_000_000, 123_456_789, :nsec).utc.strftime("%L %N %3N %6N %9N %12N %s")
puts t.strftime("no directives"), t.strftime("")
