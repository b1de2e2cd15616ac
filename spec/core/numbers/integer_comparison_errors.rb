def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show { 1 < nil }
show { 1 >= "a" }
show { (2**70) > :x }
show { 1 < 1.5 }
show { 1 <=> nil }
show { 1 <=> "1" }
show { [1, "a"].sort }
