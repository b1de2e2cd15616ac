# rhizome omits MRI's ", expecting ..." suffix: lib-ruby-parser does not expose the tokens it expected.
puts "never printed"
def f(x)
  x
end
p((1 + 2)
p 3
