# File.open's modes (strings, open(2) flags, keywords), reading and writing
# one file through one position (seek, rewind, pos), and the mode errors.
root = "/tmp/rhizome_spec_open_modes_#{$$}"
Dir.mkdir(root)

def attempt
  p yield
rescue SystemCallError, IOError, ArgumentError, TypeError => e
  p [e.class, e.message.sub(/fd:\d+ /, "fd:N ")]
end

begin
  Dir.chdir(root) do
    attempt { File.open("f.txt", "w") { |f| [f.write("ab", "cd"), f.pos, f.print("x"), f.pos, f << 1, f.pos] } }
    attempt { File.read("f.txt") }
    attempt { File.open("f.txt", "w") { |f| f.write("hello"); f.seek(1); f.write("E"); f.pos } }
    attempt { File.read("f.txt") }
    attempt { File.open("f.txt", "a") { |f| [f.pos, f.write("!"), f.pos, f.seek(0), f.write("?"), f.pos] } }
    attempt { File.read("f.txt") }
    attempt { File.open("f.txt", "r+") { |f| [f.read(2), f.write("ZZ"), f.read, f.rewind, f.read] } }
    attempt { File.open("f.txt", "a+") { |f| [f.read, f.write("+"), f.rewind, f.read] } }
    attempt { File.open("f.txt", "w+") { |f| [f.read, f.write("new"), f.rewind, f.gets, f.eof?] } }
    attempt { File.open("f.txt", "rb") { |f| [f.read, f.binmode?] } }
    attempt { File.open("f.txt", "r") { |f| [f.binmode?, f.binmode.equal?(f), f.binmode?] } }
    attempt { File.open("g.txt", "wb") { |f| f.write("wb") } }
    attempt { File.open("g.txt", "ab") { |f| f.write("ab") } }
    attempt { File.open("g.txt", "r+b") { |f| f.read } }
    attempt { File.open("g.txt", "rt") { |f| f.read } }
    attempt { File.open("g.txt", "wx") { |f| f.write("x") } }
    attempt { File.open("h.txt", "wx") { |f| f.write("x") } }
    attempt { File.open("h.txt", "w+x") { |f| 1 } }
    attempt { File.open("g.txt", "r:UTF-8") { |f| f.read } }
    attempt { File.open("g.txt", "rb:ASCII-8BIT") { |f| f.read } }
    attempt { File.open("g.txt", mode: "r") { |f| f.read } }
    attempt { File.open("g.txt", "r", mode: "r") { |f| f.read } }
    attempt { File.open("g.txt", File::RDONLY) { |f| f.read } }
    attempt { File.open("g.txt", File::WRONLY | File::APPEND) { |f| f.write("+") } }
    attempt { File.open("g.txt", File::RDWR | File::TRUNC) { |f| [f.read, f.write("t"), f.rewind, f.read] } }
    attempt { File.open("i.txt", File::WRONLY | File::CREAT | File::EXCL, 0644) { |f| f.write("i") } }
    attempt { File.open("i.txt", File::WRONLY | File::CREAT | File::EXCL) { |f| 1 } }
    attempt { File.open("i.txt", "w", flags: File::EXCL) { |f| 1 } }
    attempt { File.open("i.txt", File::RDONLY, flags: File::TRUNC) { |f| f.read } }
    attempt { File.open("i.txt", "r", 0644) { |f| f.read } }
    attempt { File.open("i.txt", "r", nil) { |f| f.read } }
    attempt { File.open("i.txt", "r", "0644") { |f| f.read } }
    attempt { File.open("i.txt", "r", 0644, 1) { |f| f.read } }
    attempt { File.open("i.txt", :r) { |f| f.read } }
    attempt { File.open("i.txt", "rb", binmode: true) { |f| f.read } }
    attempt { File.open("i.txt", "rt", binmode: true) { |f| f.read } }
    attempt { File.open("i.txt", "r", binmode: true) { |f| f.binmode? } }
    ["x", "rw", "", "rr", "br", "r+x", "wbt", "ra"].each do |mode|
      attempt { File.open("i.txt", mode) }
    end
    attempt { File.open("i.txt") { |f| f.write("no") } }
    attempt { File.open("i.txt", "w") { |f| f.read } }
    attempt { File.open("i.txt", "a") { |f| f.gets } }
    attempt { File.open("no_such.txt", "r+") }
    attempt { File.open("no_such_dir/x.txt", "w") }
    attempt { File.open(".", "w") }
    attempt { File.open(".") { |f| f.gets } }
    attempt { File.open(".") { |f| f.read } }
    attempt { File.open("a\0b") }
    attempt { File.open }

    File.write("s.txt", "0123456789")
    attempt { File.open("s.txt") { |f| [f.seek(3), f.pos, f.read(2), f.tell] } }
    attempt { File.open("s.txt") { |f| [f.seek(-2, IO::SEEK_END), f.read] } }
    attempt { File.open("s.txt") { |f| f.read(4); [f.seek(-3, IO::SEEK_CUR), f.read(2)] } }
    attempt { File.open("s.txt") { |f| [f.seek(2, :SET), f.seek(1, :CUR), f.pos, f.seek(0, :END), f.pos] } }
    attempt { File.open("s.txt") { |f| f.pos = 7; [f.pos, f.read] } }
    attempt { File.open("s.txt") { |f| f.seek(100); [f.pos, f.read, f.read(1), f.eof?] } }
    attempt { File.open("s.txt") { |f| f.seek(-1) } }
    attempt { File.open("s.txt") { |f| f.pos = -1 } }
    attempt { File.open("s.txt") { |f| f.seek(1, :NOPE) } }
    attempt { File.open("s.txt") { |f| f.gets; [f.lineno, f.rewind, f.lineno, f.pos] } }
    attempt { File.open("s.txt", "w") { |f| f.sync = true; f.write("sync"); File.read("s.txt") } }
    attempt { File.open("s.txt", "w") { |f| f.write("buffered"); [File.read("s.txt"), f.flush.equal?(f), File.read("s.txt")] } }
    attempt { File.open("s.txt") { |f| [f.sync, f.size, f.path, f.to_path, f.inspect] } }
    attempt { f = File.new("s.txt"); [f.closed?, f.close, f.closed?, f.close, f.inspect] }
    attempt { f = File.open("s.txt"); f.close; f.read }
    attempt { f = File.open("s.txt"); f.close; f.pos }
    attempt { File.open("s.txt") { |f| File.exist?(f) } }
    attempt { File.open("s.txt") { |f| File.size(f) } }
    p [File::RDONLY, File::WRONLY, File::RDWR, File::CREAT, File::EXCL, File::TRUNC, File::APPEND]
    p [IO::SEEK_SET, IO::SEEK_CUR, IO::SEEK_END, File::SEEK_END, IO::RDONLY]
    p File::Constants::CREAT, File::NULL, File::SEPARATOR, File::ALT_SEPARATOR, File::PATH_SEPARATOR
    p IO.ancestors.include?(File::Constants)
  end
ensure
  Dir.children(root).each { |name| File.delete(File.join(root, name)) }
  Dir.rmdir(root)
end
