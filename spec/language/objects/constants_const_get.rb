module Colors
  RED = 1
  GREEN = 2

  class Palette
  end
end

p Colors.const_get(:RED)
p Colors.const_get("GREEN")
p Object.const_get("Colors::Palette")
p Colors.const_get(:Palette).name
p Colors.const_defined?(:RED)
p Colors.const_defined?(:BLUE)
Colors.const_set(:BLUE, 3)
p Colors::BLUE
p Colors.constants.sort
p Object.const_get(:String)
