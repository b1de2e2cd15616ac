module Shiny
end

class Metal
end

class Gold < Metal
  include Shiny
end

g = Gold.new
[Gold, Metal, Shiny, Object, BasicObject, Kernel, String].each do |k|
  puts "#{k}: is_a=#{g.is_a?(k)} kind_of=#{g.kind_of?(k)} instance_of=#{g.instance_of?(k)}"
end
p 5.is_a?(Integer)
p 5.is_a?(Comparable)
p 5.instance_of?(Numeric)
p nil.instance_of?(NilClass)
