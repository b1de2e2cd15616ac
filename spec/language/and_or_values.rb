p 1 && 2
p nil && 2
p false && 2
p 1 || 2
p nil || 2
p false || nil
p nil || false
p 0 && "zero is truthy"
p "" || "never"
x = nil
y = x || "default"
p y
p 1 && 2 && 3
p 1 && nil && 3
p nil || false || 3
