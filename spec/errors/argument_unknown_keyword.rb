def draw(color: "red")
  color
end

draw(colour: "blue")
