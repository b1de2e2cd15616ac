# spec: stderr-first-line
def recurse(n)
  recurse(n + 1)
end
puts "before recursion"
recurse(0)
# spec: skip-mode gc-stress 3.8 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
