def nothing_to_reraise
  puts "about to re-raise nothing"
  raise
end

nothing_to_reraise
