require_relative "lib/where_lib"
p WhereLib.base
p WhereLib.main_file?
p WhereLib.program
p WhereLib.line
p File.basename(__FILE__)
