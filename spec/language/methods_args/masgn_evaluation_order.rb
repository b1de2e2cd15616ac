def val(x)
  puts "eval #{x}"
  x
end

class Recv
  def initialize(n) = @n = n
  def v=(x)
    puts "set #{@n} #{x}"
  end
end

def recv(n)
  puts "recv #{n}"
  Recv.new(n)
end
recv(1).v, recv(2).v = val(:a), val(:b)
