printer = proc { |x| "item #{x}" }
p [1, 2].map(&printer)
def takes_block
  yield 7
end
p takes_block(&printer)
l = ->(x) { x + 1 }
p takes_block(&l)
def get_block(&b) = b
p get_block(&printer).equal?(printer)
p get_block(&l).lambda?
