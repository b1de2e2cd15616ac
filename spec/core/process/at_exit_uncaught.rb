# With an uncaught exception, handlers run (seeing it in $!) before the
# report.
at_exit { puts "handler sees #{$!.inspect}" }
puts "main"
raise "boom"
