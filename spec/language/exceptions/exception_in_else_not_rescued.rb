begin
  begin
    puts "body"
  rescue
    puts "not called"
  else
    raise "from else"
  ensure
    puts "ensure"
  end
rescue => e
  p e.message
end
