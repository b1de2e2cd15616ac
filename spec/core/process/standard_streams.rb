# $stdout/$stderr and STDOUT/STDERR: sync, flush, fileno.
p $stdout.sync
$stdout.sync = true
p $stdout.sync, ($stdout.sync = false)
p $stdout.flush.equal?($stdout), STDOUT.equal?($stdout), $stderr.equal?(STDERR)
p STDERR.sync, STDOUT.fileno, STDERR.fileno
STDOUT.puts "via STDOUT"
$stdout.print "via $stdout\n"
$stdout.write("written\n")
$stdout.flush
STDERR.puts "via STDERR"
