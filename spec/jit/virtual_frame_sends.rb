# Sends, `when` tests and interpolation in inlined code run above virtual
# frames: errors raised in what they call name every inlined frame, and
# private, protected and missing methods behave as in the interpreter.

class Shape
  def initialize(n) = @n = n
  def area = @n * 2
  def to_s = "shape #{@n}"
  def bad_to_s = @n.fetch
end

class Square < Shape
  def area = @n * @n
end

class Broken < Shape
  def to_s = raise(ArgumentError, "no text for #{@n}")
  def area = raise(RangeError, "no area")
end

class Matcher
  def initialize(limit) = @limit = limit
  def ===(other) = other.respond_to?(:area) && other.area > @limit
end

BIG = Matcher.new(10)

class Report
  def describe(shape) = "#{shape}: #{size_of(shape)}"

  def size_of(shape)
    case shape
    when BIG then "big"
    else "small"
    end
  end

  def total(shapes) = shapes.sum { |s| s.area }

  def compare(a, b) = a.bigger?(b)
end

class Shape
  def bigger?(other) = area > other.secret_area

  protected

  def secret_area = area
end

report = Report.new
shapes = [Shape.new(3), Square.new(4), Shape.new(9), Square.new(2)]
lines = nil
300.times do
  lines = shapes.map { |s| report.describe(s) }
  report.total(shapes)
  report.compare(shapes[0], shapes[1])
end
puts lines
p report.total(shapes)
p report.compare(shapes[1], shapes[0])

def clean(line) = line.sub(/^.*\//, "")

[
  -> { report.describe(Broken.new(1)) },
  -> { report.total([Shape.new(1), Broken.new(2)]) },
  -> { report.size_of(Broken.new(3)) },
  -> { report.compare(Shape.new(1), Object.new) },
  -> { Shape.new(1).secret_area },
].each do |failing|
  begin
    failing.call
  rescue => e
    puts "#{e.class}: #{e.message.sub(/0x\h+/, 'XX')}"
    puts e.backtrace.first(4).map { |l| clean(l) }
  end
end

class Ghost
  def method_missing(name, *args) = name == :area ? 5 : super
  def respond_to_missing?(name, all = false) = name == :area || super
end
p report.total([Ghost.new, Shape.new(1)])
p report.size_of(Ghost.new)
begin
  report.total([Ghost.new, 7])
rescue => e
  puts "#{e.class}: #{e.message}"
  puts e.backtrace.first(3).map { |l| clean(l) }
end
# spec: skip-mode gc-stress 0.8 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
