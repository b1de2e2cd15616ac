def configure(a:, b: 2, **extra)
  [a, b, extra]
end

base = { a: 1 }
more = { b: 3, c: 4 }
p configure(**base)
p configure(**base, **more)
p configure(**base, b: 9)
def takes_all(*args, **kw)
  [args, kw]
end
p takes_all(*[1, 2], **{ x: 1 })
p takes_all(**{})
