# A NoMethodError or NameError describes its receiver by `inspect` when
# its message is read, each time it is read, as MRI's NameError::message
# does: one rescued unread never calls `inspect`.
class Foo
  def inspect
    puts "inspected"
    "#<Foo>"
  end

  def go = super

  private def secret = 1

  def method_missing(name, *args)
    name == :dynamic ? :handled : super
  end
end
f = Foo.new
e = (f.nope rescue $!)
puts "rescued"
p e.message.lines.first
p e.message.lines.first
p e.receiver.equal?(f), e.name

errors = [
  (f.secret rescue $!),
  (f.public_send(:secret) rescue $!),
  (f.go rescue $!),
  (f.method(:absent) rescue $!),
  (f.other rescue $!),
  (Foo.new.frob(1) rescue $!),
]
puts "all rescued"
errors.each { |error| puts "#{error.class}: #{error.message.lines.first}" }
p f.dynamic
copy = e.exception("replaced")
p copy.message.lines.first
