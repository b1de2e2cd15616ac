def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p Float(1)
p Float(2**70)
p Float(10**400)
p Float(1.5)
class Tf
  def to_f
    9.5
  end
end
class Bad
  def to_f
    "x"
  end
end
p Float(Tf.new)
show { Float(nil) }
show { Float(true) }
show { Float(Object.new) }
show { Float(:sym) }
show { Float(Bad.new) }
p Float("abc", exception: false)
p Float(nil, exception: false)
p Float("2.5", exception: false)
