# A Hash or Array that contains itself prints {...} or [...] where it
# recurs, as MRI does.
h = { name: "loop" }
h[:self] = h
p h
a = [1]
a << a
p a
box = { list: [] }
box[:list] << box
p box, box[:list]
outer = { inner: { deeper: {} } }
outer[:inner][:deeper][:back] = outer
p outer
puts h.to_s
p [h, h]
p({ a => h })
