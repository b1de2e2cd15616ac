puts "never printed: the file does not compile"
def stop
  next
end
