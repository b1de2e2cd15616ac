# Kernel methods written in Ruby.

module Kernel
  def then
    yield self
  end
  alias_method :yield_self, :then

  def tap
    yield self
    self
  end
end
