# NameError and NoMethodError describe the receiver by its inspect, whatever
# its length, made a String as interpolation does; #<Foo:0x...> when inspect
# raises; no ":Class" suffix when the text starts with #.
class Foo
  def inspect = "FOO!"
end
class Bar
  def initialize; @a = 1; end
end
class Long
  def inspect = "L" * 70
end
class Raiser
  def inspect = raise("boom")
end
class NonString
  def inspect = 42
end
[Foo.new, Bar.new, Long.new, Raiser.new, NonString.new, [1,2], {a: 1}, "str", 3, nil, :sym, 1.5, Foo, Object.new, [Foo.new], "x"*80].each do |o|
  begin
    o.nope
  rescue NoMethodError => e
    puts e.message.gsub(/0x[0-9a-f]+/, "0x")
  end
  begin
    o.instance_eval { nope2 }
  rescue NameError => e
    puts e.message.gsub(/0x[0-9a-f]+/, "0x")
  end
end
Long.new.missing_at_top
