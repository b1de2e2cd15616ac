def pair
  yield 1, 2
end

def one_array
  yield [3, 4]
end

pair { |a, b| p [a, b] }
pair { |a| p a }
pair { |*all| p all }
one_array { |a, b| p [a, b] }
one_array { |a| p a }
one_array { |a, | p a }
pair { |a, b, c| p [a, b, c] }
