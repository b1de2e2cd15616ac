def attempt(fail)
  log = []
  begin
    log << :body
    raise "oops" if fail
    log << :body_done
  rescue
    log << :rescue
  else
    log << :else
  ensure
    log << :ensure
  end
  log
end

p attempt(false)
p attempt(true)
v = begin
  10
rescue
  20
else
  30
ensure
  40
end
p v
