# `**nil` refuses keywords: a call passing any (literal, `**h` with pairs)
# raises "no keywords accepted" in the caller's frame; an empty `**{}` and
# a positional Hash are fine. The last call is uncaught (stderr, exit 1).
def nokw(**nil) = :ok
p nokw
p nokw(**{})
begin; nokw(a: 1); rescue ArgumentError => e; p [e.message, e.backtrace[0][/`.*'/]]; end
h = {b: 2}
begin; nokw(**h); rescue ArgumentError => e; p e.message; end
begin; nokw({a: 1}); rescue ArgumentError => e; p e.message; end
def pos_nokw(a, **nil) = a
p pos_nokw(1)
p pos_nokw({x: 1})
begin; pos_nokw(1, k: 2); rescue ArgumentError => e; p e.message; end
3000.times { |i| begin; nokw(i: i); rescue ArgumentError; end }
nokw(z: 1)
