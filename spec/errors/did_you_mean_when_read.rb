# did_you_mean finds its suggestions when a NameError's message is first
# read, in the program as it is then (as MRI's does): a method defined
# between the raise and the read is suggested, and a NameError rescued
# without being read costs no search.
class Foo
  def bar = 1
  def inspect = "#<Foo>"
end
f = Foo.new
early = (f.barz rescue $!)
class Foo
  def baz = 2
end
p early.message
p early.message.equal?(early.message), early.message == early.to_s

unread = (frobnicat rescue $!)
def frobnicate = 1
puts unread.message

e = (Strng rescue $!)
def e.unused = nil
p e.name, e.to_s.lines.last

200.times { f.barr rescue nil }
missing = 0
begin
  missing += 1
  no_such_thing
rescue NameError
  retry if missing < 200
end
p missing
