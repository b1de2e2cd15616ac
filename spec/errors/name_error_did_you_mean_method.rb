def calculate
  42
end
p calculate
p calculat
