puts "before"
$stdout = 42
puts "after"
