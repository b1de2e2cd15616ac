def none
  :none
end
p none
none(1)
