begin
  begin
    raise "original"
  ensure
    raise "from ensure"
  end
rescue => e
  p e.message
  p e.cause&.message
end
