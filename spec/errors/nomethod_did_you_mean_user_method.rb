def greeting
  "hi"
end
puts greeting
puts greting()
