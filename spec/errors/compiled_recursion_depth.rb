# spec: skip-mode gc-stress overflowing the stack takes seconds under --gc-stress in a release build
# Compiled code nests Ruby calls as deep as the interpreter does. A
# recursion inlined into itself counts each inlined call, and a call the
# runtime makes for compiled code (here the retry after the first
# overflow) counts the compiled frames below it, so each run of the
# recursion stops near the same depth.
def down(n)
  $depth = n
  down(n + 1)
end

3.times do
  begin
    down(0)
  rescue SystemStackError
    p $depth.between?(5_000, 20_000)
  end
end

def deep = deep
def deep_again = deep rescue deep
begin
  deep_again
rescue SystemStackError => e
  p e.backtrace.size.between?(5_000, 20_000)
end
