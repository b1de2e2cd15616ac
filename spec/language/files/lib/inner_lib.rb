puts "inner_lib loaded"
module Inner
  def self.base = 21
end
