# A call with literal keywords (`f(a, k: 1)`) passes their values as
# plain operands: a method with keyword parameters gets them in its
# slots, in any order the call writes them; any other callee (a method
# without keyword parameters, `*rest`, method_missing, a core method, a
# block body, `**opts`) gets the Hash MRI passes. Run in a loop so
# compiled code makes the same calls.

def box(width:, height:, depth: 1) = width * height * depth
def pos(a, b = 2, *r, c:, d: 5, **o) = [a, b, r, c, d, o]
def positional(x) = x
def rest(*a) = a
def opt(a = {}, k: 1) = [a, k]
def double_splat(**kw) = kw
def yields(k:) = yield(k)
def dm(a, k: 0) = [a, k]
Object.send(:define_method, :dd) { |a, k: 0| [a, k] }

class Catcher
  def method_missing(name, *args, **kw) = [name, args, kw]
  def respond_to_missing?(*) = true
end

class Positional
  def method_missing(name, *args) = [name, args]
  def respond_to_missing?(*) = true
end

class Rect
  def initialize(w:, h: 2)
    @w = w
    @h = h
  end

  def area(scale: 1, offset: 0) = (@w * @h * scale) + offset
end

results = []
3.times do |round|
  results << box(width: 2, height: 3)
  results << box(height: 3, width: 2, depth: round)
  results << pos(1, c: 3)
  results << pos(1, 9, 8, 7, c: 3, z: 1, d: 0)
  results << positional(a: 1, b: round)
  results << rest(1, a: 1)
  results << [1, 2].push(k: round)
  results << opt(k: 2)
  results << double_splat(a: 1, b: 2)
  results << double_splat("a": 1)
  results << yields(k: 5) { |x| x * 2 }
  results << Catcher.new.foo(1, k: 2)
  results << Positional.new.foo(1, k: 2)
  results << Rect.new(w: round).area(offset: 1, scale: 2)
  results << Rect.new(h: 5, w: 1).area
  results << method(:dm).call(1, k: 4)
  results << send(:dm, 1, k: 4)
  results << dd(1, k: 9)
  results << box(width: 2, height: 3, **{})
  x = round
  results << box(width: x, height: x += 1, depth: x)
  results << proc { |k: 1| k }.call(k: 3)
  results << ->(a, k:) { [a, k] }.(1, k: 2)
  results << Struct.new(:a, :b, keyword_init: true).new(a: 1, b: round).to_a
end
p results

# MRI's errors: missing and unknown keywords, arity of the positional
# arguments, a keyword Hash given to a method taking one argument.
[
  -> { box(width: 1) },
  -> { box(depth: 1) },
  -> { box(width: 1, height: 2, color: 3) },
  -> { box(width: 1, height: 2, color: 3, shade: 4) },
  -> { pos(c: 1) },
  -> { dm(k: 1) },
  -> { dm(1, 2, k: 1) },
  -> { positional(1, k: 2) },
].each do |call|
  call.call
rescue ArgumentError => e
  p [e.message, e.backtrace[0]]
end
box(width: 1, height: 2, colour: 3)
