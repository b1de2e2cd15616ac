# A SignalException nobody rescues ends the process by its signal, with no
# report.
puts "before"
$stdout.flush
Process.kill(:TERM, Process.pid)
puts "not reached"
