# Counts and sizes taken as MRI's NUM2LONG takes them: an object with
# `to_int` converts; one without, or one whose `to_int` is not an Integer,
# is a TypeError.
class Two
  def to_int = 2
end

class Bad
  def to_int = "2"
end

p [1, 2, 3].first(Two.new), [1, 2, 3].last(Two.new), [1, 2, 3].take(Two.new)
p Array.new(Two.new, 7), [1, 2, 3].drop(Two.new)
[Object.new, Bad.new, nil].each do |count|
  [1, 2, 3].first(count)
rescue TypeError => e
  puts e.message
end
