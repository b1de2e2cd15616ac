def f
  begin
    puts "body"
    return :from_body
  ensure
    puts "ensure runs"
  end
  :unreached
end
p f
def g
  return :from_body
ensure
  puts "method-level ensure"
end
p g
def h
  [1, 2].each do |x|
    begin
      return x * 7
    ensure
      puts "block ensure #{x}"
    end
  end
end
p h
