# `s[i]` with an Integer index is compiled as an intrinsic: a new String of
# the character, nil outside the String, counting from the end when
# negative; other indexes go to String#[] itself.

def at(s, i) = s[i]

def letters(s)
  out = []
  i = 0
  while i < s.length
    out << s[i]
    i += 1
  end
  out
end

3000.times { |n| at("hello", n % 7 - 2) }
p at("hello", 0), at("hello", 4), at("hello", 5), at("hello", -1), at("hello", -5), at("hello", -6)
p at("", 0), at("", -1)
p at("héllo wörld", 1), at("héllo wörld", 7), at("héllo wörld", -4)
p at("日本語", 2), at("日本語", 3)
p at("ab\xffcd", 2), at("ab\xffcd", 3)
2000.times { letters("abc") }
p letters("tokens: let x = 1")
p letters("ça va")

# Each call makes a new, unfrozen String.
a = at("xyz", 1)
b = at("xyz", 1)
p a.equal?(b), a.frozen?
a << "!"
p a, at("xyz", 1)

# Other indexes: a Float, a Range, a String, two arguments, a Bignum.
p at("hello", 1.9), at("hello", 1..3), at("hello", "ll"), at("hello", "z")
begin
  at("hello", 2**70)
rescue RangeError => e
  puts e.message
end
p "hello"[1, 3]

class Name < String; end
p at(Name.new("subclass"), 3), at(Name.new("subclass"), 3).class

begin
  at("hello", nil)
rescue TypeError => e
  puts e.message
end
begin
  at("hello", :sym)
rescue TypeError => e
  puts e.message
end

# A String whose bytes change between reads.
s = +"abc"
p at(s, 2)
s << "déf"
p at(s, 4), at(s, -1)
s.replace("z")
p at(s, 0), at(s, 1)
# spec: skip-mode gc-stress 1.5 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
