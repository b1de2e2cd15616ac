$wrapped_ran = ($wrapped_ran || 0) + 1
module WrappedThing
  def self.hi = "hi from wrapped"
end
