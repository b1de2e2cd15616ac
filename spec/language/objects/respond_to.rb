class Widget
  def visible
  end

  def set_x=(v)
  end

  private

  def secret
  end

  protected

  def guarded
  end
end

w = Widget.new
p w.respond_to?(:visible)
p w.respond_to?("visible")
p w.respond_to?(:set_x=)
p w.respond_to?(:secret)
p w.respond_to?(:secret, true)
p w.respond_to?(:guarded)
p w.respond_to?(:guarded, true)
p w.respond_to?(:missing)
p w.respond_to?(:to_s)
