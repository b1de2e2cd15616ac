def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p Integer(1.9)
p Integer(-1.9)
p Integer(1e20)
p Integer(2**70)
class Ti
  def to_int
    5
  end
end
class Tj
  def to_i
    6
  end
end
class Tk
  def to_i
    "x"
  end
end
p Integer(Ti.new)
p Integer(Tj.new)
show { Integer(Tk.new) }
show { Integer(nil) }
show { Integer(true) }
show { Integer(Object.new) }
show { Integer(Float::NAN) }
show { Integer(Float::INFINITY) }
p Integer("abc", exception: false)
p Integer(nil, exception: false)
p Integer("42", exception: false)
p Integer(Float::NAN, exception: false)
