# The seed's example: compiled after profiling with fixnums, then called
# with a Float, the guard at `+` fails after both side_effect calls ran.
# The interpreter resumes at the `+` with their results on the stack, so
# each side_effect runs exactly once. Without side effects, the guard
# rolls back to the start of the method.
$log = []

def side_effect(n)
  $log << n
  n
end

def add_with_side_effects(a, b)
  side_effect(a) + side_effect(b)
end

def add(a, b)
  a + b
end

# Called through `send` so that the loop (compiled itself) does not inline
# them: each is compiled on its own.
i = 0
while i < 3000
  send(:add_with_side_effects, i, 1)
  send(:add, i, i)
  i += 1
end
$log.clear
p add_with_side_effects(1.5, 2)
p $log
p add(1.5, 2)
p add(2**62, 2**62)
p add_with_side_effects("a", "b")
p add_with_side_effects(4611686018427387903, 1)
p $log
