s = "text"
s.instance_variable_set(:@note, "annotated")
p s.instance_variable_get(:@note)
p s.instance_variables
a = [1, 2]
a.instance_variable_set(:@meta, :m)
p a.instance_variables
p a
t = s.dup
p t.instance_variable_get(:@note)
