# Reading standard input and files by separator, limit and chomp:, with
# lineno and $. counting as MRI counts (a line the limit cuts is not one).
p $.
p gets("line"), $., $stdin.lineno
p $stdin.gets(3), $., $stdin.lineno
p gets(chomp: true), $., $stdin.lineno
p $stdin.gets(chomp: true), $stdin.gets("", chomp: true), $.
p gets(0), $.
p $stdin.read(7), $stdin.eof?
buffer = +"old"
p $stdin.read(2, buffer), buffer
p $stdin.readline("€"), $stdin.gets(nil, 3), $stdin.gets, $stdin.read, $stdin.read(1), $stdin.eof?
begin
  $stdin.readline
rescue EOFError => e
  p e.message
end
p $., $stdin.lineno
$stdin.lineno = 10
p $stdin.lineno

path = "/tmp/rhizome_spec_separators_#{$$}.txt"
begin
  File.write(path, "a\nbb\nccc\n")
  File.open(path) do |f|
    p f.gets(1), f.lineno, $.
    p f.gets(5), f.lineno, $.
    p f.readlines(2), f.lineno
    f.rewind
    p f.lineno, $.
    p f.each_line("b").to_a, f.lineno
    f.rewind
    p f.each_line(2).to_a
    f.rewind
    f.lineno = 7
    p f.gets, f.lineno, $.
    p f.gets(nil, 2), f.lineno
    p f.readline(chomp: true)
    p(f.each_line(chomp: true) { |line| p line }.equal?(f))
  end
  File.open(path) do |f|
    [-> { f.each_line(0) { } }, -> { f.readlines(0) }, -> { f.gets(1, 2, 3) }, -> { f.gets(:x) },
     -> { f.gets("a", "b") }, -> { f.read(-1) }, -> { f.read("1") }, -> { f.gets(foo: 1) }].each do |bad|
      bad.call
    rescue ArgumentError, TypeError => e
      p [e.class, e.message]
    end
  end
ensure
  File.delete(path)
end
