begin
  begin
    raise ArgumentError, "first"
  rescue ArgumentError => e
    raise TypeError, "second from rescue"
  rescue TypeError
    puts "not here: same begin's rescue does not catch"
  end
rescue TypeError => e2
  p e2.message
  p e2.cause.message
  p e2.cause.class
end
