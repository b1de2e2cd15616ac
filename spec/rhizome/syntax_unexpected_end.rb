# rhizome omits MRI's ", expecting ..." suffix: lib-ruby-parser does not expose the tokens it expected.
puts "never printed"
x = 1
if x
  puts x
end
end
puts x
