def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show { format("%1$s %s", "a", "b") }
show { format("%s %1$s", "a", "b") }
show { format("%3$s", 1) }
show { format("%0$s", 1) }
show { format("%1$1$s", 1) }
show { format("%<a>s %1$s", a: 1) }
show { format("%1$s %<a>s", {a: 1}) }
show { format("%s %<a>s", {a: 1}) }
