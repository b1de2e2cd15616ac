# Constants in blocks are folded like the method's own, and invalidated
# when assigned again.

class Board
  WIDTH = 7
  def cells
    n = 0
    3.times { |r| WIDTH.times { |c| n += r * WIDTH + c } }
    n
  end
end

b = Board.new
total = 0
2000.times { total += b.cells }
p total
Board.send(:remove_const, :WIDTH)
Board.const_set(:WIDTH, 2)
p b.cells
module Helper
  def self.sum = [1, 2].sum { |x| x * Board::WIDTH }
end
Board.class_eval { p Helper.sum }
# spec: skip-mode gc-stress 0.9 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
