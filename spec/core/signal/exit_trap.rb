# The EXIT trap runs before the at_exit handlers, even those registered
# before it; with the number 0 as its argument.
at_exit { puts "at_exit 1" }
p Signal.trap(:EXIT) { |signo| puts "EXIT trap #{signo}" }
at_exit { puts "at_exit 3" }
p Signal.trap(0) { |signo| puts "EXIT trap replaced #{signo}" }.class
puts "main"
