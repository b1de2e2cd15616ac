module Factory
  def build(*args)
    obj = new(*args)
    @built = (@built || 0) + 1
    obj
  end

  def built
    @built
  end
end

class Widget
  extend Factory

  attr_reader :name

  def initialize(name)
    @name = name
  end
end

w = Widget.build("gear")
Widget.build("bolt")
p w.name
p Widget.built
p Widget.singleton_class.include?(Factory)
