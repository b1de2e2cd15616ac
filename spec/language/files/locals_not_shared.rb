secret = "main local"
require_relative "lib/locals_lib"
p defined?(lib_local)
p LocalsLib::SAW_MAIN_LOCAL
p secret
p $from_lib
