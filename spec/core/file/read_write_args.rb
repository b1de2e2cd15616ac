# File.read and File.binread with a length and an offset, File.write and
# File.binwrite with an offset and keywords, and the errors they raise.
root = "/tmp/rhizome_spec_read_write_args_#{$$}"
Dir.mkdir(root)

def attempt
  p yield
rescue SystemCallError, IOError, ArgumentError, TypeError => e
  p [e.class, e.message]
end

begin
  Dir.chdir(root) do
    p File.write("text.txt", "hello\nworld\n")
    attempt { File.read("text.txt", 3) }
    attempt { File.read("text.txt", 3, 2) }
    attempt { File.read("text.txt", nil, 6) }
    attempt { File.read("text.txt", 0) }
    attempt { File.read("text.txt", 0, 100) }
    attempt { File.read("text.txt", 5, 100) }
    attempt { File.read("text.txt", nil, 100) }
    attempt { File.read("text.txt", 2.9) }
    attempt { File.read("text.txt", mode: "rb") }
    attempt { File.read("text.txt", -1) }
    attempt { File.read("text.txt", 2, -1) }
    attempt { File.read("text.txt", "3") }
    attempt { File.read("no_such.txt", 3) }
    attempt { File.read(".") }
    attempt { File.read }
    attempt { IO.read("text.txt", 5) }

    attempt { File.binread("text.txt") }
    attempt { File.binread("text.txt", 4, 1) }
    attempt { File.binread("text.txt", nil, 8) }
    attempt { File.binread("text.txt", 1, 12) }
    attempt { File.binread("text.txt", -2) }
    attempt { File.binread("text.txt", 1, -1) }
    attempt { File.binread("no_such.txt") }

    attempt { File.binwrite("bin.dat", "abcdef") }
    attempt { File.binwrite("bin.dat", "XY", 2) }
    attempt { File.read("bin.dat") }
    attempt { File.write("bin.dat", "Z", 8) }
    attempt { File.read("bin.dat") }
    attempt { File.write("fresh.txt", "tail", 3) }
    attempt { File.read("fresh.txt") }
    attempt { File.write("bin.dat", "more", mode: "a") }
    attempt { File.read("bin.dat") }
    attempt { File.write("num.txt", 12345) }
    attempt { File.write("num.txt", :sym, mode: "a") }
    attempt { File.write("num.txt", [1, 2], mode: "a") }
    attempt { File.read("num.txt") }
    attempt { File.write("num.txt", "x", mode: "r") }
    attempt { File.read("num.txt") }
    attempt { File.write("num.txt", "y", -1) }
    attempt { File.write("num.txt", "y", mode: "q") }
    attempt { File.write("empty.txt", "") }
    attempt { File.size("empty.txt") }
    attempt { File.write("num.txt") }
    attempt { File.write("no_such_dir/x.txt", "x") }
    attempt { File.write(".", "x") }
    attempt { File.write("perm.txt", "p", perm: 0600) }
    attempt { File.read("perm.txt") }
    attempt { File.read("text.txt", mode: "w") }
    attempt { File.size("text.txt") }
    attempt { IO.write("io.txt", "via IO") }
    attempt { File.read("io.txt") }
  end
ensure
  Dir.children(root).each { |name| File.delete(File.join(root, name)) }
  Dir.rmdir(root)
end
p Dir.exist?(root)
