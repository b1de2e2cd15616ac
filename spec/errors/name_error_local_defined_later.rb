def show
  puts "in show"
end
show
p qqzz_value
qqzz_value = 1
