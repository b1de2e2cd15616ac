# Compiled methods calling compiled methods run without frame records
# until something needs them; a core method or a Ruby method called from
# deep in such calls still sees every frame in backtraces and `caller`.

class Walker
  def depth(n, text) = n == 0 ? Integer(text) : depth(n - 1, text) + 1

  def trace(n) = n == 0 ? where : trace(n - 1)

  def where = caller(0, 6).map { |l| l.sub(/^.*\//, "") }

  def label(n) = n == 0 ? "#{Tag.new}" : label(n - 1)

  def sum(list, i) = i == list.size ? 0 : list[i].fetch(0) + sum(list, i + 1)
end

class Tag
  def to_s = raise(TypeError, "tags have no text")
end

w = Walker.new
500.times { w.depth(5, "7"); w.trace(3) }
p w.depth(5, "7")
puts w.trace(3)

def show(error)
  puts "#{error.class}: #{error.message}"
  puts error.backtrace.first(6).map { |l| l.sub(/^.*\//, "") }
end

begin
  w.depth(4, "seven")
rescue ArgumentError => e
  show(e)
end

300.times { w.label(2) rescue nil }
begin
  w.label(3)
rescue TypeError => e
  show(e)
end

300.times { w.sum([[1], [2], [3]], 0) }
p w.sum([[1], [2], [3]], 0)
begin
  w.sum([[1], [2], []], 0)
rescue IndexError => e
  show(e)
end
# spec: skip-mode gc-stress 0.9 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
