s = "hello"
t = "hello"

class << s
  def shout
    upcase + "!"
  end
end

puts s.shout
p s.respond_to?(:shout)
p t.respond_to?(:shout)
p s == t
p s.singleton_methods
