log = []
r = loop do
  begin
    log << :body
    break :done
  ensure
    log << :ensure
  end
end
p r
p log
x = 0
r2 = loop do
  x += 1
  begin
    next if x < 3
    break x
  ensure
    log << x
  end
end
p r2
p log
