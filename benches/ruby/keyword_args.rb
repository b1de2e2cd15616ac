# Keyword arguments: calls that pass two or three literal keywords to
# methods with required and optional keyword parameters, the shape of
# configuration-style APIs (`Rect.new(width:, height:)`, `area(scale:)`).
# Usage: keyword_args.rb [N] (default 2 million rounds).

class Rect
  attr_reader :width, :height

  def initialize(width:, height:, depth: 1)
    @width = width
    @height = height
    @depth = depth
  end

  def area(scale: 1, offset: 0) = (@width * @height * scale) + offset

  def volume = @width * @height * @depth
end

def box_volume(width:, height:, depth: 1) = width * height * depth

n = (ARGV[0] || 2_000_000).to_i
sum = 0
i = 0
while i < n
  sum += box_volume(width: i & 7, height: 3)
  sum += box_volume(width: 2, height: i & 3, depth: 5)
  rect = Rect.new(width: i & 15, height: 2)
  sum += rect.area(scale: 3) + rect.area(offset: 1, scale: 2) + rect.volume
  i += 1
end
p sum
