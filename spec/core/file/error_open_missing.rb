File.open("missing.txt") do |f|
  puts f.read
end
