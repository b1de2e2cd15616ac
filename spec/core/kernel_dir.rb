# Kernel#__dir__: the absolute directory of the file calling it, the same
# in methods and blocks.

def here = __dir__

p __dir__ == File.dirname(File.expand_path(__FILE__))
p File.basename(__dir__)
p here == __dir__
p [1].map { __dir__ }.first == __dir__
p __dir__.frozen?
