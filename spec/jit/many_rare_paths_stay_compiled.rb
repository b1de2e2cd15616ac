# A method with many paths that each start being taken only after it was
# compiled: every guard that fails costs a compilation, and from the third
# on branches keep both sides, so the method stays compiled instead of
# running out of compilations and falling back to the interpreter.
class Grid
  def classify(x, y)
    return :west if x < -50
    return :east if x > 50
    return :south if y < -50
    return :north if y > 50
    return :centre if x == 0 && y == 0
    return :diagonal if x == y
    return :anti if x == -y
    :plain
  end
end

def survey(grid, points, rounds)
  counts = Hash.new(0)
  rounds.times do
    points.each { |x, y| counts[grid.classify(x, y)] += 1 }
  end
  counts
end

grid = Grid.new
points = [[1, 2], [3, 7], [-4, 9]]
[[-60, 0], [60, 1], [2, -60], [3, 60], [0, 0], [5, 5], [6, -6]].each do |extra|
  points << extra
  p survey(grid, points, 800).sort.to_h
end
