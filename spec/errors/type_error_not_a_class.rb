Widget = 5
p Widget

class Widget
end
