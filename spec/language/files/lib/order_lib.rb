puts "order_lib top"
module OrderLib
  STEPS = []
  STEPS << :module_body
end
OrderLib::STEPS << :after_module
puts "order_lib bottom"
