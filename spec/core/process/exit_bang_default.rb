# exit! without a status is a failure.
$stderr.puts "going"
exit!
