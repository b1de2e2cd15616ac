# The uncaught error from adding a key inside each.
def double_keys(h)
  h.each do |k, v|
    h[k.to_s * 2] = v
  end
end
double_keys("a" => 1)
