# What File answers about paths (exist?, file?, directory?, size, size?,
# zero?, mtime, ...), and File.delete, File.rename and File.utime.
root = "/tmp/rhizome_spec_questions_#{$$}"
Dir.mkdir(root)

def attempt
  p yield
rescue SystemCallError, IOError, ArgumentError, TypeError => e
  p [e.class, e.message]
end

begin
  Dir.chdir(root) do
    File.write("full.txt", "12345")
    File.write("empty.txt", "")
    Dir.mkdir("sub")
    names = ["full.txt", "empty.txt", "sub", "sub/", "full.txt/", "no_such"]
    attempt { names.map { |name| File.exist?(name) } }
    attempt { names.map { |name| File.file?(name) } }
    attempt { names.map { |name| File.directory?(name) } }
    attempt { names.map { |name| File.symlink?(name) } }
    attempt { names.map { |name| File.readable?(name) } }
    attempt { names.map { |name| File.writable?(name) } }
    attempt { [File.executable?("full.txt"), File.executable?("sub"), File.executable?("no_such")] }
    attempt { [File.size("full.txt"), File.size("empty.txt"), File.size("sub") > 0] }
    attempt { [File.size?("full.txt"), File.size?("empty.txt"), File.size?("no_such")] }
    attempt { [File.zero?("full.txt"), File.zero?("empty.txt"), File.zero?("sub"), File.zero?("no_such")] }
    attempt { [File.empty?("full.txt"), File.empty?("empty.txt"), File.empty?("no_such")] }
    attempt { File.size("no_such") }
    attempt { File.exist?(nil) }
    attempt { File.directory?(3) }
    attempt { File.exist? }

    attempt { File.utime(1_000_000_000, Time.at(1_234_567_890, 5, :nsec), "full.txt", "empty.txt") }
    attempt { [File.atime("full.txt").to_i, File.mtime("full.txt").to_i, File.mtime("empty.txt").nsec] }
    attempt { File.mtime("full.txt").utc.to_s }
    attempt { File.mtime("full.txt").class }
    attempt { File.open("full.txt") { |f| [f.mtime.to_i, f.atime.to_i, f.ctime.class] } }
    attempt { File.utime(0.5, 2.25, "full.txt") }
    attempt { [File.atime("full.txt").to_i, File.mtime("full.txt").to_i, File.mtime("full.txt").usec] }
    attempt { File.utime(nil, nil, "full.txt") }
    attempt { File.mtime("full.txt") > Time.at(1_234_567_890) }
    attempt { File.utime(nil, 0, "full.txt") }
    attempt { File.utime("x", 0, "full.txt") }
    attempt { File.utime(0, 0, "no_such") }
    attempt { File.utime(0, 0) }
    attempt { File.utime }
    attempt { File.mtime("no_such") }
    attempt { File.atime("no_such") }
    attempt { File.ctime("no_such") }
    attempt { f = File.open("full.txt"); f.close; f.mtime }

    attempt { File.rename("full.txt", "renamed.txt") }
    attempt { [File.exist?("full.txt"), File.read("renamed.txt")] }
    attempt { File.rename("full.txt", "other.txt") }
    attempt { File.rename("renamed.txt", "no_such_dir/x.txt") }
    attempt { File.rename("sub", "renamed.txt") }
    attempt { File.rename("renamed.txt", "sub") }
    attempt { File.rename("renamed.txt") }
    attempt { File.delete("sub") }
    attempt { File.delete("renamed.txt", "no_such") }
    attempt { File.exist?("renamed.txt") }
    attempt { File.unlink("empty.txt") }
    attempt { File.delete }
    attempt { File.unlink("empty.txt") }
    Dir.rmdir("sub")
    p Dir.children(".")
  end
ensure
  Dir.children(root).each { |name| File.delete(File.join(root, name)) }
  Dir.rmdir(root)
end
