begin
  require "./lib/does_not_exist"
rescue LoadError => e
  p e.class
  p e.message
  p e.class.superclass
end
begin
  require_relative "lib/also_missing"
rescue LoadError => e
  p e.message.start_with?("cannot load such file -- ")
  p e.message.end_with?("lib/also_missing")
end
begin
  load "lib/missing_load.rb"
rescue LoadError => e
  p e.message
end
