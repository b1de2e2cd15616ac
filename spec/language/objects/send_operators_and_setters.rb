class Box
  attr_accessor :content
end

b = Box.new
p b.send(:content=, "toy")
p b.content
p 7.send(:*, 6)
p [1, 2].send(:[], 1)
arr = [1, 2, 3]
arr.send(:[]=, 0, 99)
p arr
p "abc".public_send(:upcase)
p b.respond_to?(:content=)
