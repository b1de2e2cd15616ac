# A hot method that writes a class variable. Compiled code leaves
# `setcvar` to the runtime's run_insn (the variable is looked up through
# the class's ancestors), which `--stats` counts as jit.run_insn.setcvar
# (tests/jit_runtime.rs).
class Scale
  @@last = 0

  def self.scaled(n)
    @@last = n
    n * 3
  end

  def self.last = @@last
end

total = 0
i = 0
while i < 3000
  total += Scale.scaled(i)
  i += 1
end
p total
p Scale.last
