class Box
  def empty? = @items.nil? || @items.length == 0
  def fill!(x) = (@items = [x]; self)
  def items=(v)
    @items = v
  end
  def [](i) = @items[i]
  def []=(i, v)
    @items[i] = v
  end
  def +@ = "unary plus"
  def ! = "negated"
  def call(x) = "called #{x}"
end

b = Box.new
p b.empty?
p b.fill!(1).empty?
b.items = [4, 5]
b[0] = 40
p b[0]
p(+b)
p(!b)
p b.(3)
