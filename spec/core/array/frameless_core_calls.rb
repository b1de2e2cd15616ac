# Core methods that call no Ruby code run without a frame when they
# succeed; when they fail they run again with it, so the error is MRI's:
# its backtrace names the method, and Ruby code in its message (the
# receiver's inspect) runs once.
class Noisy
  def inspect
    puts "inspect called"
    "#<Noisy>"
  end
end

list = [Noisy.new].freeze
[:push, :<<, :unshift, :shift, :pop, :clear].each do |name|
  args = name == :shift || name == :pop || name == :clear ? [] : [1]
  begin
    list.send(name, *args)
  rescue FrozenError => e
    p [name, e.message, e.backtrace[0][/in `.*'/]]
  end
end

def direct_calls(list)
  list.push(1)
rescue FrozenError => e
  [e.message, e.backtrace.length]
end
p direct_calls(list)

def hot(list, n)
  n.times { |i| list.push(i); list << i; list.unshift(i); list.shift; list.pop }
  [list.length, list.empty?, list.size, list.first, list.last]
end
p hot([], 1000)
p hot([:a], 5)
begin
  [1, 2].first(-1)
rescue ArgumentError => e
  p e.message, e.backtrace[0][/in `.*'/]
end
p [].push, [].unshift, [3].push(*[]), [1].length

def add(list, x) = list.push(x)
500.times { add([], 1) }
begin
  add(list, 1)
rescue FrozenError => e
  p e.backtrace[0..1].map { |line| line[/in `.*'/] }
end
