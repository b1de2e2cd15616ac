# An invalid Regexp literal is reported before the program runs.
puts "never printed"
x = /a(b/
