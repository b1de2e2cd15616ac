# What to_s of the core values is tagged with, as in MRI.
p 1.to_s.encoding, (2**70).to_s.encoding, 255.to_s(16).encoding, 1.inspect.encoding
p 1.5.to_s.encoding, 1.5.inspect.encoding, nil.to_s.encoding
p :a.to_s.encoding, :a.name.encoding, :"é".to_s.encoding
p "#{1}".encoding, "#{:a}".encoding, "#{nil}".encoding, "#{1.5}".encoding
x = 1.to_s
x << "é"
p x, x.encoding
y = :ab.to_s
y << "\xff".b
p y, y.encoding
