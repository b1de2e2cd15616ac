# Index calls with splats, keywords or a block argument are plain calls of
# [] and []=; an index assignment's value is the assigned value.
p Hash[a: 1], Hash[[[:a, 1]]]
list = [10, 20, 30, 40]
args = [1, 2]
p list[*args], list[*[0]], list[0, *[1]]
class Grid
  def [](*xy, scale: 1)
    xy.sum * scale
  end

  def []=(*xy, value)
    @last = [xy, value]
  end
  attr_reader :last
end
g = Grid.new
p g[1, 2, scale: 10], g[*[3, 4]], g[**{scale: 2}]
result = (g[*[5, 6]] = :v)
p result, g.last
h = {}
begin
  h[*args] = 3
rescue ArgumentError => e
  p e.message
end
list[*[1]] = 99
p list
