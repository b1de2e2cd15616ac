# One send site calling core methods that run without a frame, while what
# they mean, and the operands they get, change under it.

def add(list, x)
  list.push(x)
end

def take(list)
  list.shift
end

def nothing?(x)
  x.nil?
end

a = []
5.times { |i| add(a, i) }
p a
p take(a), take(a)

# A frozen receiver: the framed call raises, in `push'.
f = [1, 2].freeze
begin
  add(f, 3)
rescue FrozenError => e
  puts e.message
  puts e.backtrace.first[/in `.*'/]
end
add(a, 9)
p a

# A subclass with its own push, through the same site.
class Stack < Array
  def push(x)
    super(x * 10)
  end
end
s = Stack.new
add(s, 1)
p s
add(a, 10)
p a

# Another kind of receiver through the nil? site.
p nothing?(nil), nothing?(1), nothing?("s"), nothing?(nil)

# Array#push redefined mid-run: the site calls the new method.
class Array
  alias_method :original_push, :push
  def push(x)
    original_push(x)
    original_push(:pushed)
  end
end
b = []
add(b, 1)
p b
class Array
  remove_method :push
  alias_method :push, :original_push
end
add(b, 2)
p b

# Kernel#nil? redefined on one class.
class Integer
  def nil?
    :integer_nil
  end
end
p nothing?(1), nothing?(nil)

# Operands the method is not pure on take the framed call.
def slice(s, i)
  s[i]
end
p slice("hello", 1), slice("hello", 1..2), slice("hello", 10)
begin
  slice("hello", :x)
rescue TypeError => e
  puts e.message
end
