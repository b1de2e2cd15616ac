# trap(sig, "EXIT") exits with status 0 when the signal arrives; the
# EXIT trap's own exception is not reported.
trap(:EXIT) { raise "unreported" }
at_exit { p $! }
trap(:USR1, "EXIT")
puts "before"
Process.kill(:USR1, $$)
puts "not reached"
