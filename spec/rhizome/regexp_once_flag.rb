# The o flag of an interpolated Regexp (compile once) is not supported;
# without interpolation it changes nothing.
p(/a/o =~ "xa")
x = "b"
/#{x}/o
