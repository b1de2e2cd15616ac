module Tagged
  def tag(t)
    @tags ||= []
    @tags << t
    self
  end

  def tags = @tags
end

class Doc
  include Tagged

  def initialize(title)
    @title = title
  end
end

d = Doc.new("readme").tag("a").tag("b")
p d.tags
p d.instance_variables
p Doc.new("x").tags
