# Dir.chdir to a missing directory, with a block, from a method.
def inside(dir)
  Dir.chdir(dir) { puts "not reached" }
end
inside("no_such_directory_for_rhizome")
