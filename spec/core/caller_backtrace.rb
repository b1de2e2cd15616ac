def a = caller
def b = a
p b
p caller
def c = caller(0)
p c
def d = caller(1, 1)
p d
def e = caller(0, 1)
p e
def f
  [1].map { caller(0) }
end
p f
