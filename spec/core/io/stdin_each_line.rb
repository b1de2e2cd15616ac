$stdin.each_line(chomp: true) { |line| p line }
p $stdin.eof?
