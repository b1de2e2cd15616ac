class Weird
  def value=(v)
    @v = v
    :setter_result
  end

  def []=(i, v)
    :index_result
  end
end

w = Weird.new
p(w.value = 5)
p(w[0] = 6)
x = (w.value = 7)
p x
p w.send(:value=, 8)
p w.public_send(:[]=, 0, 9)
