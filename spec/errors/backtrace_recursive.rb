def countdown(n)
  if n == 0
    nil.boom
  end
  countdown(n - 1)
end
puts "counting"
countdown(3)
