def yield_kw
  yield 1, key: "v"
end

yield_kw { |a, key:| p [a, key] }
yield_kw { |a, **opts| p [a, opts] }
yield_kw { |a, b| p [a, b] }
l = ->(a, key: "d") { [a, key] }
p l.call(1)
p l.call(1, key: 2)
p l.arity
