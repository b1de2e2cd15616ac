grid = []
3.times do |r|
  row = []
  4.times { |c| row << r * 4 + c }
  grid << row
end
p grid
p grid.map { |row| row.sum }
p grid.map { |row| row.select(&:even?) }
p grid.transpose.first
total = 0
grid.each { |row| row.each { |v| total += v } }
p total
