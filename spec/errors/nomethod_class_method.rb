class Widget
  def self.build = new
end

p Widget.build.class
Widget.create
