def plain(a)
  a
end

p plain(1)
p plain({ key: 2 })
plain(1, key: 2)
