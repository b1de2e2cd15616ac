def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p 13.divmod(4)
p 13.divmod(-4)
p(-13.divmod(4))
p(-13.divmod(-4))
p 13.divmod(4.0)
p 11.divmod(3.5)
p(-11.divmod(3.5))
p (2**70).divmod(7)
p 7.divmod(-(2**70))
p (-(2**70)).divmod(2**35)
p 13.div(4.0)
p 13.div(-4.5)
p 13.modulo(-4)
show { 13.divmod(0) }
show { 13.divmod(0.0) }
show { 13.div(0.0) }
show { 13.divmod(nil) }
