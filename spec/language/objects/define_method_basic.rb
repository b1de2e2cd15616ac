class Shape
  %w[circle square triangle].each_with_index do |kind, i|
    define_method("#{kind}?") do
      @kind == kind
    end

    define_method("make_#{kind}") do |size = i|
      @kind = kind
      @size = size
      self
    end
  end

  def describe
    "#{@kind} #{@size}"
  end
end

s = Shape.new
puts s.make_square.describe
p s.square?
p s.circle?
puts s.make_triangle(9).describe
p Shape.instance_methods(false).sort
