# Compiled code reads an Array's length and elements, and writes its
# elements, in place: the Array's buffer moves as it grows and shrinks,
# and a frozen Array still raises.

def sum(a)
  total = 0
  i = 0
  while i < a.length
    total += a[i]
    i += 1
  end
  total
end

def fill(a, value)
  i = 0
  while i < a.size
    a[i] = value + i
    i += 1
  end
  a
end

def swap(a, i, j)
  a[i], a[j] = a[j], a[i]
  a
end

def grid_get(rows, r, c) = rows[r][c]

def grid_set(rows, r, c, v)
  rows[r][c] = v
end

list = [1, 2, 3]
3000.times { |n| sum(list) }
p sum(list)

# Growing moves the buffer: reads see the new one.
grown = []
200.times do |n|
  grown << n
  raise "lost #{n}" unless sum(grown) == n * (n + 1) / 2
end
p sum(grown)

# Shrinking too.
while grown.length > 3
  grown.pop
  grown.shift
end
p grown, sum(grown)
grown.clear
p sum(grown)
grown.concat([5, 6])
p sum(grown)

p fill(Array.new(5, 0), 10)
1000.times { fill([0, 0, 0], 1) }
p fill([nil] * 4, 100)
p fill([], 1)

letters = %w[a b c d]
1000.times { swap(letters, 0, 3) }
p swap(letters, 1, 2)

rows = Array.new(3) { |r| Array.new(3) { |c| r * 3 + c } }
2000.times { |n| grid_set(rows, n % 3, (n / 3) % 3, grid_get(rows, n % 3, (n / 3) % 3) + 1) }
p rows

# Indexes outside the Array, and elements of other kinds.
p grid_get([[1]], 0, 0), grid_get([[1, 2]], 0, -1), grid_get([[1]], 0, 5)
p sum([1.5, 2, 3])
mixed = [1, "two", :three, nil, 4.0]
p mixed.length, mixed[1], mixed[-1]

frozen = [1, 2, 3].freeze
begin
  fill(frozen, 0)
rescue FrozenError => e
  puts e.message
end
p frozen
begin
  grid_set([frozen], 0, 1, 9)
rescue => e
  puts "#{e.class}: #{e.message}"
end
