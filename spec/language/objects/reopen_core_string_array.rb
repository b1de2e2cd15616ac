class String
  def shout
    upcase + "!"
  end
end

class Array
  def second
    self[1]
  end
end

puts "hi".shout
p [10, 20, 30].second
p [].second
p %w[a b c].map(&:shout).second
