e = ArgumentError.new("x")
p e.exception.equal?(e)
f = e.exception("new msg")
p f.message
p f.class
p e.message
p f.equal?(e)
p ArgumentError.exception("via class").message
p RuntimeError.new("a") == RuntimeError.new("a")
p RuntimeError.new("a") == RuntimeError.new("b")
