a = if true then 1 else 2 end
p a
b = if false then 1 end
p b
c = if nil then 1 elsif 0 then "zero" else 3 end
p c
p(if 1 < 2 then :lt else :ge end)
d = if false
  "x"
end
p d
e = unless true then "u" end
p e
