# An unfinished strftime directive, uncaught.
puts Time.utc(2000).strftime("%Y")
Time.utc(2000).strftime("%Y %")
