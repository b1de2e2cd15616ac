# External iteration (next/peek) needs fibers, which rhizome lacks: it
# says so rather than guess.
e = [1, 2, 3].each
e.next
