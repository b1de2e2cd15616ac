puts "main start"
def main_helper = :ok
p main_helper
load "lib/broken_lib.rb"
puts "not reached"
