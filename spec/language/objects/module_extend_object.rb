module Loud
  def shout
    "#{word.upcase}!!"
  end
end

class Speaker
  def word
    "hey"
  end
end

a = Speaker.new
b = Speaker.new
a.extend(Loud)
puts a.shout
p a.respond_to?(:shout)
p b.respond_to?(:shout)
p a.is_a?(Loud)
p b.is_a?(Loud)
