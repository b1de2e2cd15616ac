def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p 7.5.div(2)
p(-7.5.div(2))
p 7.5.div(0.5)
p 7.5.fdiv(2)
p 7.5.quo(2)
p 1.0.fdiv(3)
p 1.0 / 3
p 1.0 / 2**70
show { 7.5.div(0) }
show { 7.5.div(0.0) }
show { Float::INFINITY.div(2) }
show { 7.5.div("2") }
