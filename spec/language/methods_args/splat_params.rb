def all(*args)
  args
end

def first_rest(first, *rest)
  "first=#{first} rest=#{rest.inspect}"
end

p all
p all(1)
p all(1, [2, 3], nil)
puts first_rest(1)
puts first_rest(1, 2, 3)
def anon_splat(*)
  "ignored args"
end
p anon_splat(1, 2)
