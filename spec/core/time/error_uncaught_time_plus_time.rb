# Adding two Times, uncaught.
t = Time.utc(2000)
t + t
