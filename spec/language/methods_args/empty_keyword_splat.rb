def positional(*args) = args
def keywords(*args, **opts) = [args, opts]

empty = {}
p positional(**empty)
p positional(1, **empty)
p positional(1, **{})
p keywords(**empty)
p keywords(1, **{ a: 2 })
p positional(1, { a: 2 })
p positional(1, a: 2)

def forward(*args, **opts, &blk) = positional(*args, **opts, &blk)
p forward(1, 2)
p forward(1, k: 3)
