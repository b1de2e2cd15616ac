# The last at_exit handler to raise decides the exit status: here `exit 5`
# runs first, then the RuntimeError, reported, makes the status 1.
at_exit { raise "raised last" }
at_exit { exit 5 }
puts "main"
