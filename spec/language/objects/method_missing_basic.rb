class Ghost
  def method_missing(name, *args, &blk)
    if name.to_s.start_with?("get_")
      "got #{name.to_s.sub("get_", "")} with #{args.inspect}"
    elsif name == :twice
      blk.call * 2
    else
      super
    end
  end

  def respond_to_missing?(name, include_private = false)
    name.to_s.start_with?("get_") || name == :twice || super
  end
end

g = Ghost.new
puts g.get_name
puts g.get_color(1, 2)
p(g.twice { 21 })
p g.respond_to?(:get_anything)
p g.respond_to?(:twice)
p g.respond_to?(:other)
