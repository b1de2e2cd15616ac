p "\u00e9"
puts "\u00e9"
p "caf\u00e9"
puts "caf\u00e9"
p "\u00e9".length
p "snow \u2603"
puts "snow \u2603"
p "é"
puts "naïve"
p "naïve".size
