puts "never printed"
def broken(x)
  if x
    puts "yes"
end
