def show(x = nil)
  block_given? ? "with block (#{x.inspect})" : "no block (#{x.inspect})"
end

def ident(x)
  block_given? ? "ident got block" : x
end

p show ident(1) { 2 }
r = show ident(1) do 2 end
p r
