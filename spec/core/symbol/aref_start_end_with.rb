# [] answers Strings; start_with? and end_with? take Strings.
p :abc[1], :abc[0, 2], :abc[-1], :abc[5], :abc[1..], :abc["b"], :abc.slice(0), :"日本"[1]
p :hello.start_with?("he"), :hello.start_with?("x", "h"), :hello.end_with?("lo"), :hello.end_with?("x")
begin
  :abc.start_with?(:a)
rescue => e
  p e.class, e.message
end
begin
  :abc[]
rescue => e
  p e.class, e.message
end
