# Reading standard input: gets, $_, chomp, readlines, eof?.
line = gets
p line, $_
p gets(chomp: true)
p $stdin.lineno
p STDIN.gets
p $stdin.readlines
p gets, STDIN.eof?, $stdin.read
