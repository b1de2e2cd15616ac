# The errors File raises, with MRI's messages.
path = "/tmp/rhizome_spec_#{$$}_errors.txt"
def attempt
  yield
rescue SystemCallError, IOError, ArgumentError, TypeError => e
  p [e.class, e.message]
end
attempt { File.read("no_such_file.txt") }
attempt { File.read(".") }
attempt { File.open("no_such_file.txt") }
attempt { File.readlines("no_such_file.txt") }
attempt { File.write("/no_such_dir/x.txt", "a") }
attempt { File.size("no_such_file.txt") }
attempt { File.delete("no_such_file.txt") }
File.write(path, "data\n")
attempt { File.open(path) { |f| f.write("x") } }
attempt { File.open(path, "w") { |f| f.read } }
attempt { File.open(path, "q") }
attempt { File.basename(3) }
attempt { File.read(nil) }
attempt { File.join("a", 1) }
p Errno::ENOENT.ancestors.take(4)
p Errno::ENOENT.new.message, Errno::ENOENT.new("x").message, Errno::ENOENT::Errno
File.delete(path)
