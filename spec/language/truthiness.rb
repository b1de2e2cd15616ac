def truthy(v)
  if v
    "truthy"
  else
    "falsy"
  end
end
p truthy(nil)
p truthy(false)
p truthy(true)
p truthy(0)
p truthy(0.0)
p truthy("")
p truthy(:a)
p truthy([])
p truthy(-1)
p truthy(self)
