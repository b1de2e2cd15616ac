# A compiled block running without a frame record keeps its arguments and
# environment alive through collections (under --gc-stress every
# allocation collects), and so does its frame once materialised.
class Strings
  def initialize(items) = @items = items

  def each_item
    i = 0
    while i < @items.size
      yield @items[i]
      i += 1
    end
  end
end

strings = Strings.new(Array.new(30) { |i| "s#{i}" })
kept = []
prefix = "<"
60.times do |round|
  strings.each_item { |s| kept << (prefix + s + "!") if s.end_with?("7") }
  strings.each_item { |s| raise "stop at #{s}" if s == "s29" && round == 59 } rescue kept << $!.message
end
p kept.uniq, kept.size
