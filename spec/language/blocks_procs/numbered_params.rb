p [1, 2, 3].map { _1 * 2 }
p [[1, 2], [3, 4]].map { _1 + _2 }
p [[1, 2], [3, 4]].map { _1 }
add = proc { _1 + _2 }
p add.call(3, 4)
p add.arity
p proc { _1 }.arity
p lambda { _1 + _2 }.arity
