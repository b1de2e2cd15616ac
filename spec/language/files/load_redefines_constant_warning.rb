load "lib/const_lib.rb"
p ConstLib::VERSION
load "lib/const_lib.rb"
p ConstLib::VERSION
p $const_version
