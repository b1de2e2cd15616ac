def value
  "method"
end
p value
value = "local"
p value
p value()
p self.value
def count
  10
end
p count
if false
  count = 5
end
p count
p count()
