# File.readlines and File.foreach: separators (a String, nil, "" for
# paragraphs), limits, chomp:, the Enumerator without a block, and errors.
root = "/tmp/rhizome_spec_readlines_foreach_#{$$}"
Dir.mkdir(root)

def attempt
  p yield
rescue SystemCallError, IOError, ArgumentError, TypeError => e
  p [e.class, e.message.sub(/fd:\d+ /, "fd:N ")]
end

begin
  Dir.chdir(root) do
    File.write("lines.txt", "one\ntwo\r\n\nthree")
    File.write("paras.txt", "\n\nfirst\npara\n\n\n\nsecond\n\nlast\n")
    File.write("utf8.txt", "aé€b\nü")
    File.write("empty.txt", "")
    attempt { File.readlines("lines.txt") }
    attempt { File.readlines("lines.txt", chomp: true) }
    attempt { File.readlines("lines.txt", "\n", chomp: true) }
    attempt { File.readlines("lines.txt", "o") }
    attempt { File.readlines("lines.txt", "o", chomp: true) }
    attempt { File.readlines("lines.txt", "\r\n", chomp: true) }
    attempt { File.readlines("lines.txt", nil) }
    attempt { File.readlines("lines.txt", nil, chomp: true) }
    attempt { File.readlines("lines.txt", 4) }
    attempt { File.readlines("lines.txt", 4, chomp: true) }
    attempt { File.readlines("lines.txt", "t", 2) }
    attempt { File.readlines("lines.txt", nil, 5) }
    attempt { File.readlines("lines.txt", -1) }
    attempt { File.readlines("paras.txt", "") }
    attempt { File.readlines("paras.txt", "", chomp: true) }
    attempt { File.readlines("utf8.txt", 2) }
    attempt { File.readlines("utf8.txt", 1) }
    attempt { File.readlines("utf8.txt", 3, chomp: true) }
    attempt { File.readlines("empty.txt") }
    attempt { File.readlines("empty.txt", nil) }
    attempt { File.readlines("lines.txt", 0) }
    attempt { File.readlines("lines.txt", "x", "y") }
    attempt { File.readlines("lines.txt", 1, 2) }
    attempt { File.readlines("lines.txt", mode: "r") }
    attempt { File.readlines("no_such.txt") }
    attempt { File.readlines(".") }
    attempt { File.readlines }
    attempt { IO.readlines("lines.txt", chomp: true) }

    seen = []
    attempt { File.foreach("lines.txt") { |line| seen << line } }
    p seen
    seen = []
    attempt { File.foreach("lines.txt", chomp: true) { |line| seen << line.size } }
    p seen
    seen = []
    attempt { File.foreach("paras.txt", "") { |para| seen << para } }
    p seen
    seen = []
    attempt { File.foreach("lines.txt", "e", 3) { |part| seen << part } }
    p seen
    attempt { File.foreach("lines.txt") { |line| break line.upcase } }
    enum = File.foreach("lines.txt")
    p enum
    p enum.to_a
    p enum.map(&:size)
    p File.foreach("lines.txt", "t").to_a
    p File.foreach("no_such.txt")
    attempt { File.foreach("no_such.txt").to_a }
    attempt { File.foreach("no_such.txt") { } }
    attempt { File.foreach(".") { } }
    attempt { File.foreach }
    count = 0
    File.foreach("lines.txt", 0) { |empty| count += 1; break if count == 3 }
    p count
  end
ensure
  Dir.children(root).each { |name| File.delete(File.join(root, name)) }
  Dir.rmdir(root)
end
