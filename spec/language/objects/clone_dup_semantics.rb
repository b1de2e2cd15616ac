class Pair
  attr_accessor :left, :right

  def initialize(left, right)
    @left = left
    @right = right
  end

  def initialize_copy(source)
    puts "copying from #{source.left}"
    @right = source.right.dup
  end
end

a = Pair.new(1, [2])
b = a.dup
b.right << 3
p a.right, b.right

o = Object.new
def o.greet = "hi"
p o.clone.greet
p((o.dup.greet rescue "dup drops singleton methods"))

s = "text".freeze
p s.clone.frozen?, s.dup.frozen?
p s.clone(freeze: false).frozen?
p "t".clone(freeze: true).frozen?
begin
  1.clone(freeze: false)
rescue ArgumentError => e
  p e.message
end
begin
  "x".clone(freeze: 1)
rescue ArgumentError => e
  p e.message
end
begin
  "x".clone(fresh: true)
rescue ArgumentError => e
  p e.message
end

h = { a: 1 }
h2 = h.dup
h2[:b] = 2
p h, h2
p 5.dup, :sym.clone, nil.dup
