# Dir.chdir with and without a block: the block gets the path and its value
# is chdir's, and the directory comes back even when the block raises or
# breaks; a chdir without a block inside a block warns.
root = "/tmp/rhizome_spec_chdir_#{$$}"
Dir.mkdir(root)
Dir.mkdir(File.join(root, "sub"))
File.write(File.join(root, "file.txt"), "")
start = Dir.pwd

def attempt
  p yield
rescue SystemCallError, ArgumentError, TypeError, RuntimeError => e
  p [e.class, e.message]
end

begin
  attempt { Dir.chdir(root) }
  attempt { Dir.pwd == Dir.getwd }
  attempt { File.basename(Dir.pwd) == File.basename(root) }
  attempt { Dir.chdir("sub") { |path| [path, File.basename(Dir.pwd)] } }
  attempt { File.basename(Dir.pwd) == File.basename(root) }
  attempt { Dir.chdir("sub") { raise "boom" } }
  attempt { File.basename(Dir.pwd) == File.basename(root) }
  attempt { Dir.chdir("sub") { break 5 } }
  attempt { File.basename(Dir.pwd) == File.basename(root) }
  attempt { [1, 2].each { |i| Dir.chdir("sub") { next i * 10 } } }
  attempt { Dir.chdir("sub") { Dir.chdir("..") { File.exist?("file.txt") } } }
  attempt { Dir.chdir("sub") { Dir.chdir("..") } }
  attempt { File.basename(Dir.pwd) == File.basename(root) }
  attempt { Dir.chdir("sub") { File.write("made.txt", "x"); Dir.children(".") } }
  attempt { Dir.children("sub") }
  attempt { File.delete("sub/made.txt") }
  attempt { Dir.chdir("no_such_dir") }
  attempt { Dir.chdir("no_such_dir") { 1 } }
  attempt { Dir.chdir("file.txt") }
  attempt { Dir.chdir(nil) }
  attempt { Dir.chdir(3) }
  attempt { Dir.chdir("a", "b") }
  attempt { Dir.chdir("sub") }
  attempt { File.basename(Dir.pwd) }
  attempt { Dir.chdir("..") }
  home = ENV["HOME"]
  ENV["HOME"] = File.join(root, "sub")
  attempt { Dir.chdir { File.basename(Dir.pwd) } }
  attempt { Dir.chdir }
  attempt { File.basename(Dir.pwd) }
  ENV.delete("HOME")
  attempt { Dir.chdir }
  ENV["HOME"] = home
  def depth(n)
    return Dir.pwd if n == 0
    Dir.chdir(".") { depth(n - 1) }
  end
  attempt { File.basename(depth(3)) }
ensure
  Dir.chdir(start)
  File.delete(File.join(root, "file.txt"))
  Dir.rmdir(File.join(root, "sub"))
  Dir.rmdir(root)
end
p Dir.pwd == start, Dir.exist?(root)
