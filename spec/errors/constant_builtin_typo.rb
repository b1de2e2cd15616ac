puts "start"
p Strin
