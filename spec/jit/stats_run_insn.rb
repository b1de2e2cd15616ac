# A hot method that reads a global variable. Compiled code leaves
# `getglobal` to the runtime's run_insn, which `--stats` counts as
# jit.run_insn.getglobal (tests/jit_runtime.rs).
$scale = 3

def scaled(n)
  n * $scale
end

total = 0
i = 0
while i < 3000
  total += scaled(i)
  i += 1
end
p total
