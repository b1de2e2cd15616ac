# at_exit needs a block and takes no arguments.
begin
  at_exit
rescue ArgumentError => e
  p e.message
end
begin
  at_exit(1) {}
rescue ArgumentError => e
  p e.message
end
p $!
