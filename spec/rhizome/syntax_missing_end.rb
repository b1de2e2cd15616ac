# rhizome omits MRI's ", expecting ..." suffix: lib-ruby-parser does not expose the tokens it expected.
puts "never printed"
def broken(x)
  if x
    puts "yes"
end
