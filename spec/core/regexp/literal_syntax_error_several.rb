# Every invalid literal of the file is reported, in order.
puts "never printed"
def check
  /[z-a]/
end
y = /+/
