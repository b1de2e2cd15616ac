class Thing
  super()
end
