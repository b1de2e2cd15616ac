# A `break` in a block yielded to from inside another block (the method's
# own `[..].each { |x| yield x }`) ends the call of the method the block
# was given to: compiled with both blocks inlined, it went on like `next`
# and the method ran on.

def my_plain
  [1, 2].each { |x| yield x }
  puts "after plain"
end

def my_nested
  [1, 2].each { |x| [x, x * 10].each { |y| yield y } }
  puts "after nested"
  :nested
end

def my_ensure
  [1, 2].each do |x|
    begin
      yield x
    ensure
      puts "ensure #{x}"
    end
  end
  puts "after ensure"
end

def my_value
  r = [1, 2, 3].map { |x| yield x }
  puts "after value"
  r
end

def my_twice
  [1, 2].each { |x| yield x }
  [3, 4].each { |x| yield x }
  :done
end

3.times do |round|
  puts "round #{round}"
  [nil, nil].each { my_plain { |y| p y; break } }
  p(my_nested { |y| break y if y == 10; p y })
  my_ensure { |y| p y; break }
  p(my_value { |y| y == 2 ? (break :stopped) : y })
  p(my_twice { |y| break y * 100 if y == 3; p y })
  p(my_twice { |y| y })
end
