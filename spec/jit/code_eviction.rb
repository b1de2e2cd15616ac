# Many methods compiled in phases, then a recursion whose own code is
# evicted while it runs. Under a small --jit-code-limit (the jit-evict
# mode) the early phases' code is cold by the time later phases compile:
# it is evicted and freed, and compiled again if called again. The
# recursion's frames run code that is retired while they are on the
# stack: it is kept until they return.

def phase_0(items)
  total = 0
  items.each_with_index do |item, index|
    if item.even?
      total += item * 1 - index
    else
      total -= (item % 2) + 0
    end
  end
  total
end

def phase_1(items)
  total = 1
  items.each_with_index do |item, index|
    if item.even?
      total += item * 2 - index
    else
      total -= (item % 3) + 1
    end
  end
  total
end

def phase_2(items)
  total = 2
  items.each_with_index do |item, index|
    if item.even?
      total += item * 3 - index
    else
      total -= (item % 4) + 2
    end
  end
  total
end

def phase_3(items)
  total = 3
  items.each_with_index do |item, index|
    if item.even?
      total += item * 4 - index
    else
      total -= (item % 5) + 3
    end
  end
  total
end

def phase_4(items)
  total = 4
  items.each_with_index do |item, index|
    if item.even?
      total += item * 5 - index
    else
      total -= (item % 6) + 4
    end
  end
  total
end

def phase_5(items)
  total = 5
  items.each_with_index do |item, index|
    if item.even?
      total += item * 6 - index
    else
      total -= (item % 7) + 5
    end
  end
  total
end

def phase_6(items)
  total = 6
  items.each_with_index do |item, index|
    if item.even?
      total += item * 7 - index
    else
      total -= (item % 8) + 6
    end
  end
  total
end

def phase_7(items)
  total = 7
  items.each_with_index do |item, index|
    if item.even?
      total += item * 8 - index
    else
      total -= (item % 2) + 7
    end
  end
  total
end

def phase_8(items)
  total = 8
  items.each_with_index do |item, index|
    if item.even?
      total += item * 9 - index
    else
      total -= (item % 3) + 8
    end
  end
  total
end

def phase_9(items)
  total = 9
  items.each_with_index do |item, index|
    if item.even?
      total += item * 10 - index
    else
      total -= (item % 4) + 9
    end
  end
  total
end

def phase_10(items)
  total = 10
  items.each_with_index do |item, index|
    if item.even?
      total += item * 11 - index
    else
      total -= (item % 5) + 10
    end
  end
  total
end

def phase_11(items)
  total = 11
  items.each_with_index do |item, index|
    if item.even?
      total += item * 12 - index
    else
      total -= (item % 6) + 11
    end
  end
  total
end

def phase_12(items)
  total = 12
  items.each_with_index do |item, index|
    if item.even?
      total += item * 13 - index
    else
      total -= (item % 7) + 12
    end
  end
  total
end

def phase_13(items)
  total = 13
  items.each_with_index do |item, index|
    if item.even?
      total += item * 14 - index
    else
      total -= (item % 8) + 13
    end
  end
  total
end

def phase_14(items)
  total = 14
  items.each_with_index do |item, index|
    if item.even?
      total += item * 15 - index
    else
      total -= (item % 2) + 14
    end
  end
  total
end

def phase_15(items)
  total = 15
  items.each_with_index do |item, index|
    if item.even?
      total += item * 16 - index
    else
      total -= (item % 3) + 15
    end
  end
  total
end

def phase_16(items)
  total = 16
  items.each_with_index do |item, index|
    if item.even?
      total += item * 17 - index
    else
      total -= (item % 4) + 16
    end
  end
  total
end

def phase_17(items)
  total = 17
  items.each_with_index do |item, index|
    if item.even?
      total += item * 18 - index
    else
      total -= (item % 5) + 17
    end
  end
  total
end

def phase_18(items)
  total = 18
  items.each_with_index do |item, index|
    if item.even?
      total += item * 19 - index
    else
      total -= (item % 6) + 18
    end
  end
  total
end

def phase_19(items)
  total = 19
  items.each_with_index do |item, index|
    if item.even?
      total += item * 20 - index
    else
      total -= (item % 7) + 19
    end
  end
  total
end

def phase_20(items)
  total = 20
  items.each_with_index do |item, index|
    if item.even?
      total += item * 21 - index
    else
      total -= (item % 8) + 20
    end
  end
  total
end

def phase_21(items)
  total = 21
  items.each_with_index do |item, index|
    if item.even?
      total += item * 22 - index
    else
      total -= (item % 2) + 21
    end
  end
  total
end

def phase_22(items)
  total = 22
  items.each_with_index do |item, index|
    if item.even?
      total += item * 23 - index
    else
      total -= (item % 3) + 22
    end
  end
  total
end

def phase_23(items)
  total = 23
  items.each_with_index do |item, index|
    if item.even?
      total += item * 24 - index
    else
      total -= (item % 4) + 23
    end
  end
  total
end


ITEMS = (1..20).to_a
PHASES = (0...24).map { |i| method(:"phase_#{i}") }

def run_phase(first, count)
  sum = 0
  4.times do
    (first...first + count).each { |i| sum += PHASES[i].call(ITEMS) }
  end
  sum
end

puts run_phase(0, 8)
puts run_phase(8, 8)
puts run_phase(16, 8)
# The first phase again: compiled anew (or interpreted) after eviction.
puts run_phase(0, 8)

def descend(depth, results)
  if depth == 0
    # Compiles every phase while the descend frames are on the stack.
    results << run_phase(0, 24)
    return 0
  end
  here = depth * 3
  below = descend(depth - 1, results)
  here + below
end

2.times do |round|
  results = []
  puts "#{round}: #{descend(30, results)} #{results.sum}"
end
