p "plain".inspect
puts "plain".inspect
puts "q\"q".inspect
puts "back\\slash".inspect
puts "nl\ntab\t".inspect
puts "esc\e".inspect
puts "é".inspect
puts "\u0001".inspect
puts "\u007f".inspect
puts '#{x}'.inspect
puts '#$x #@y #z'.inspect
puts "\r\f\v\b\a".inspect
puts "".inspect
