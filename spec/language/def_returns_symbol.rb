r = def foo
  1
end
p r
p(def bar(x) x end)
p foo
p bar(9)
