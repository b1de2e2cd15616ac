def label(n)
  "item " + n
end
puts label("one")
puts label(2)
