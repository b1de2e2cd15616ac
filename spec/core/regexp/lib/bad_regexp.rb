puts "not run"
/a)/
