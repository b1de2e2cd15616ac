class Grid
  def initialize
    @cells = [nil, 5]
  end

  def [](i)
    puts "read #{i}"
    @cells[i]
  end

  def []=(i, v)
    puts "write #{i} #{v.inspect}"
    @cells[i] = v
  end
end

def idx(i)
  puts "idx #{i}"
  i
end
g = Grid.new
g[idx(1)] += 1
g[idx(0)] ||= :filled
g[idx(0)] ||= :again
g[idx(1)] &&= nil
