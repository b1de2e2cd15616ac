# warn: each message on its own line of stderr; Arrays flattened, empty
# ones print nothing; nil is an empty line; returns nil.
warn "a", "b"
warn
warn "c\n"
warn ["d", ["e"]]
warn 1, nil, 2
warn []
warn ""
p warn("x")
$stderr.flush
puts "stdout"
