puts "before"
def f
  puts "in f"
end
f
return
puts "after return"
