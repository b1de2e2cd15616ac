# Time.utc and its fields.
t = Time.utc(2020, 1, 2, 3, 4, 5)
p t.year, t.month, t.mon, t.day, t.mday, t.hour, t.min, t.sec
p t.wday, t.yday, t.zone, t.utc?, t.utc_offset, t.dst?
p t.usec, t.nsec, t.to_i, t.to_f
p t.to_a
p Time.gm(2000).to_a
p Time.utc(2000, 12, 31).yday, Time.utc(2001, 12, 31).yday
