# Kernel's module functions are public methods of Kernel itself, and
# private instance methods of every object.
p Kernel.format("%05.1f|%-3s|", 3.14159, "ab")
p Kernel.sprintf("%x", 255)
p Kernel.Integer("0x1f"), Kernel.Float("2.5"), Kernel.String(12), Kernel.Array(nil), Kernel.Array(1..3)
p Kernel.Hash(nil)
Kernel.puts "puts through Kernel"
Kernel.print "print through Kernel\n"
Kernel.p :p_through_kernel
p Kernel.lambda { |x| x }.lambda?
p Kernel.proc { |x| x }.lambda?
p Kernel.catch(:done) { Kernel.throw :done, 42 }
p Kernel.block_given?
p Kernel.loop { break :broke }
p Kernel.rand(1)
begin
  Kernel.raise ArgumentError, "raised through Kernel"
rescue ArgumentError => e
  p e.message
end
begin
  Kernel.fail "failed through Kernel"
rescue RuntimeError => e
  p e.message
end
%i[puts format require load raise Integer lambda proc catch throw loop sprintf p print].each do |name|
  p [name, Kernel.respond_to?(name), Kernel.private_method_defined?(name), Kernel.singleton_class.public_method_defined?(name)]
end
p 1.respond_to?(:puts), 1.respond_to?(:puts, true)
begin
  1.puts "x"
rescue NoMethodError => e
  p e.message
end
p Kernel.respond_to?(:to_s), Kernel.respond_to?(:nil?)
p Hash(nil), Hash([]), Hash({a: 1})
with_to_hash = Object.new
def with_to_hash.to_hash = {b: 2}
p Hash(with_to_hash)
bad_to_hash = Object.new
def bad_to_hash.to_hash = 1
[1, [1], "x", true, bad_to_hash].each do |value|
  begin
    Hash(value)
  rescue TypeError => e
    p e.message
  end
end
