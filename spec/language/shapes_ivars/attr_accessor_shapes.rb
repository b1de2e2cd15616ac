class Config
  attr_accessor :host, :port, :debug
end

a = Config.new
a.port = 80
a.host = "h"
b = Config.new
b.host = "k"
b.debug = true
b.port = 1
[a, b].each do |c|
  p [c.host, c.port, c.debug, c.instance_variables]
end
