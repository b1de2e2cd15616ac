# An Interrupt nobody rescues is reported, and the process ends by SIGINT.
at_exit { puts "at_exit runs first" }
puts "before"
Process.kill(:INT, Process.pid)
puts "not reached"
