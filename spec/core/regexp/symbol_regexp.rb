# Symbols match through their names.
p :hello =~ /ll/, :hello.match(/l(l)/)[1], :hello.match?(/z/), :hello[/e./], :abc =~ /z/
p $~
