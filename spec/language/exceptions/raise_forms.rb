def show
  yield
rescue Exception => e
  puts "#{e.class}: #{e.message.inspect}"
end

show { raise "just message" }
show { raise ArgumentError }
show { raise ArgumentError, "with message" }
show { raise ArgumentError.new("instance") }
show { raise TypeError.new("inst"), "override" }
show { raise RuntimeError }
show { raise IndexError.new }
show { fail "fail alias" }
show { raise Class.new(StandardError), "anon" rescue puts "anon caught" }
