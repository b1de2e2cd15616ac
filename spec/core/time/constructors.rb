# Time.utc / Time.local / Time.new arguments: month names, strings,
# Floats, the microseconds argument, the ten of to_a, and carries.
p Time.utc(2020, "Feb"), Time.utc(2020, "FEB", "03"), Time.utc(2020, "02")
p Time.utc(2020.7, 1.9, 2.9, 3.9, 4.9, 5.9)
p Time.utc(2020, nil, nil), Time.utc(2020, 1, 1, 0, 0, "7")
p Time.utc(2020, 1, 1, 0, 0, 0, 500).usec, Time.utc(2020, 1, 1, 0, 0, 0, 1.5)
p Time.utc(2020, 2, 30), Time.utc(2021, 2, 30), Time.utc(2020, 4, 31)
p Time.utc(2020, 1, 1, 24), Time.utc(2020, 1, 1, 23, 59, 60), Time.utc(2020, 1, 1, 0, 0, 60.5)
p Time.utc(*Time.utc(2001, 2, 3, 4, 5, 6).to_a)
p Time.new(2020, 1, 1, 0, 0, 0, "+09"), Time.new(2020, 1, 1, 0, 0, 0, "+0900"), Time.new(2020, 1, 1, 0, 0, 0, 3600)
p Time.new(2020, 1, 1, 0, 0, 0, "UTC"), Time.new(2020, 1, 1, 0, 0, 0, "Z")
p Time.new(2020, 1, 1, 0, 0, 0, "+09:00").zone, Time.new(2020, 1, 1, 0, 0, 0, "+09:00").utc_offset
