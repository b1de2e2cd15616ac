p require_relative("lib/counter_lib")
p require_relative("lib/counter_lib")
p require_relative("lib/counter_lib.rb")
p $counter_loads
p CounterLib.value
