# A hot method that sets a global variable. Compiled code leaves
# `setglobal` to the runtime's run_insn (a write may be checked, as
# `$stdout =` is), which `--stats` counts as jit.run_insn.setglobal
# (tests/jit_runtime.rs).
$scale = 3

def scaled(n)
  $last = n
  n * $scale
end

total = 0
i = 0
while i < 3000
  total += scaled(i)
  i += 1
end
p total
