def opts(name, **rest)
  "#{name} #{rest.inspect}"
end

puts opts("x")
puts opts("x", a: 1, b: 2)
def mixed(a, b = 2, *c, d:, e: 5, **f, &g)
  [a, b, c, d, e, f, g && g.call]
end
p mixed(1, d: 4)
p mixed(1, 2, 3, d: 4, z: 26) { :blk }
def no_kw(**nil); :ok; end
p no_kw
