def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show { format("%{b}", a: 1) }
show { format("%<b>d", {a: 1}) }
show { format("%{a}", 1) }
show { format("%{a}", {a: 1}, 2) }
show { format("%{a", a: 1) }
show { format("%<a>d%<b>d", a: 1) }
show { format("%<a><b>d", a: 1, b: 2) }
begin
  format("%{zz}", {a: 1})
rescue KeyError => e
  p e.key
  p e.receiver
end
