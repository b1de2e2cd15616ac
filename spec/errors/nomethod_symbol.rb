p :sym
p :sym.to_s
p :sym.inspect
:sym.frobnicate
puts "never"
