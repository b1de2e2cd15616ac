def spin
  n = 0
  loop do
    n += 1
    raise "spun #{n}" if n == 3
  end
end

spin
