$shown ||= []
$shown << __FILE__
puts "loaded as #{__FILE__}"
