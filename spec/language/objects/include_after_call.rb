class Plain
end

module Addon
  def extra = "extra from addon"
end

def try(o)
  o.respond_to?(:extra) ? o.extra : "none"
end

pl = Plain.new
p try(pl)
class Plain
  include Addon
end
p try(pl)
p Plain.ancestors.take(2)
