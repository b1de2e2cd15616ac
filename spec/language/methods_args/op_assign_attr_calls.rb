class Obj
  def x
    puts "get x"
    @x
  end

  def x=(v)
    puts "set x=#{v.inspect}"
    @x = v
  end
end

def recv(o)
  puts "recv"
  o
end
o = Obj.new
recv(o).x ||= 1
recv(o).x ||= 2
recv(o).x += 10
recv(o).x &&= nil
p o.x
