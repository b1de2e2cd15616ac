def implicit = "last"
def explicit = (return "early"; "never")
def empty_body; end
def assign_last = (x = 5)
def if_last(f) = (f ? :yes : nil)
def while_last
  i = 0
  i += 1 while i < 3
end
p implicit
p explicit
p empty_body
p assign_last
p if_last(false)
p while_last
p(def foo; end)
