p require_relative("lib/twice_lib.rb")
p require("./lib/twice_lib")
p require_relative("lib/../lib/twice_lib")
p load("lib/twice_lib.rb")
p $twice_count
