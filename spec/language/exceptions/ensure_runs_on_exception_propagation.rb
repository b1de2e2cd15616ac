def a
  yield
ensure
  puts "a ensure"
end

def b
  a { raise "from b's block" }
ensure
  puts "b ensure"
end

begin
  b
rescue => e
  puts "caught: #{e.message}"
end
