# Adding to the singleton class of a frozen object raises FrozenError as MRI
# words it (found by `cargo xtask fuzz --seed 2 --index 41772`).
class Thing
  def to_s = "Thing!"
  def inspect = "#<Thing inspected>"
end
t = Thing.new.freeze
begin
  def t.hello = 1
rescue => e
  p e.class, e.message, e.backtrace.length
end
begin
  t.define_singleton_method(:bye) { 2 }
rescue => e
  p e.class, e.message
end
begin
  t.extend(Comparable)
rescue => e
  p e.class, e.message
end
p t.respond_to?(:hello), t.respond_to?(:bye), t.is_a?(Comparable)
class Frozen; end
Frozen.freeze
begin
  def Frozen.make = 1
rescue => e
  p e.class, e.message
end
module FrozenMod; end
FrozenMod.freeze
begin
  FrozenMod.define_singleton_method(:x) { 1 }
rescue => e
  p e.class, e.message
end
u = Thing.new
def u.ok = :fine
p u.ok
