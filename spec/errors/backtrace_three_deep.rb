def inner(x)
  x.missing_method
end
def middle(x)
  inner(x)
end
def outer(x)
  middle(x)
end
puts "going deep"
outer(nil)
