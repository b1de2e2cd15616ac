module Outer
  LEVEL = 1

  module Inner
    DEPTH = 2

    class Leaf
      NAME = "leaf"
    end
  end
end

p Object.const_get("Outer::Inner::Leaf::NAME")
p Outer.const_get("Inner::DEPTH")
p Object.const_get("::Outer::LEVEL")
p Outer::Inner.const_get(:DEPTH)
p Outer::Inner.const_get(:String)
p Outer::Inner::Leaf.constants
p Outer.constants(false).sort
["Outer::Missing", "lower", "Outer::", 3].each do |path|
  Object.const_get(path)
rescue NameError, TypeError => e
  puts "#{e.class}: #{e.message.lines.first.chomp}"
end
begin
  Outer::Inner.const_get(:LEVEL, false)
rescue NameError => e
  puts e.message.lines.first
end

class Parent
  SHARED = :parent
end

class Kid < Parent
  OWN = :kid
end
p Kid.constants.sort
p Kid.constants(false)
