a = begin
  raise "x"
rescue
  "from rescue"
ensure
  "ensure ignored"
end
p a
b = begin
  "body value"
ensure
  "ignored"
end
p b
def m
  raise "x"
rescue
  :method_rescue_value
end
p m
