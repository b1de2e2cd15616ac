def failing
  raise ArgumentError, "bad input"
rescue ArgumentError
  nil.upcase_everything
end

begin
  failing
rescue NoMethodError => e
  p e.class
  p e.cause.class, e.cause.message
end

begin
  begin
    raise "first"
  ensure
    p $!&.message
  end
rescue => e
  p e.message
end
p $!

begin
  begin
    raise KeyError, "lost"
  ensure
    Integer("zz") rescue p $!.cause&.message
  end
rescue KeyError => e
  p e.message
end
