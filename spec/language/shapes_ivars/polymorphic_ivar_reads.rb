class Shape
  def initialize(kind)
    case kind
    when :circle then @r = 1
    when :rect then @w = 2; @h = 3
    when :tri then @h = 4; @w = 5; @r = 6
    end
    @name = kind
  end

  def name = @name
  def dims = [@r, @w, @h]
end

shapes = [:circle, :rect, :tri, :circle, :tri].map { |k| Shape.new(k) }
2.times do
  shapes.each { |s| puts "#{s.name}: #{s.dims.inspect}" }
end
