# A handler sees exit's SystemExit in $!; an exception in a handler is
# reported and the others still run.
at_exit { p $!.class, $!.status }
at_exit { raise "in handler" }
at_exit { puts "runs first" }
exit 5
