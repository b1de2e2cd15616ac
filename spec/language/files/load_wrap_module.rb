load "lib/wrapped_lib.rb", true
p defined?(WrappedThing)
p $wrapped_ran
load "lib/wrapped_lib.rb"
p defined?(WrappedThing)
p WrappedThing.hi
