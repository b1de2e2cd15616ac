# Dir.mkdir, Dir.rmdir (delete, unlink), Dir.exist?, Dir.empty?,
# Dir.entries, Dir.children, Dir.each_child, Dir.foreach and Dir.home, with
# the errors MRI raises.
root = "/tmp/rhizome_spec_mkdir_entries_#{$$}"

def attempt
  p yield
rescue SystemCallError, ArgumentError, TypeError => e
  p [e.class, e.message]
end

attempt { Dir.mkdir(root) }
begin
  Dir.chdir(root) do
    attempt { Dir.mkdir("made") }
    attempt { Dir.mkdir("made") }
    attempt { Dir.mkdir("private", 0700) }
    attempt { Dir.mkdir("no_such/x") }
    attempt { Dir.mkdir("") }
    attempt { Dir.mkdir(nil) }
    attempt { Dir.mkdir("m", "x") }
    attempt { Dir.mkdir("m", nil) }
    attempt { Dir.mkdir }
    File.write("file", "x")
    attempt { Dir.mkdir("file") }
    attempt { Dir.mkdir("file/x") }
    attempt { Dir.mkdir(".") }
    attempt { [Dir.exist?("made"), Dir.exist?("made/"), Dir.exist?("file"), Dir.exist?("no_such")] }
    attempt { Dir.exist?(nil) }
    attempt { [Dir.empty?("made"), Dir.empty?("."), Dir.empty?("file")] }
    attempt { Dir.empty?("no_such") }

    ["b.txt", "a.txt", "c.txt"].each { |name| File.write("made/#{name}", name) }
    Dir.mkdir("made/sub")
    attempt { Dir.entries("made").sort }
    attempt { Dir.entries("made", encoding: "UTF-8").sort }
    attempt { Dir.children("made").sort }
    attempt { Dir.entries("made").size == Dir.children("made").size + 2 }
    attempt { Dir.children("made") == Dir.entries("made") - [".", ".."] }
    attempt { Dir.entries("no_such") }
    attempt { Dir.entries("file") }
    attempt { Dir.children("no_such") }
    attempt { Dir.entries("made", foo: 1) }
    attempt { Dir.entries }
    seen = []
    attempt { Dir.each_child("made") { |name| seen << name } }
    p seen.sort
    seen = []
    attempt { Dir.foreach("made") { |name| seen << name } }
    p seen.sort
    attempt { Dir.each_child("made") { |name| break name.size } }
    attempt { Dir.each_child("made") }
    attempt { Dir.each_child("made").to_a.sort }
    attempt { Dir.foreach("made") }
    attempt { Dir.foreach("made").map(&:upcase).sort }
    attempt { Dir.each_child("no_such") { } }
    attempt { Dir.foreach("no_such") { } }
    attempt { Dir.empty?("made") }

    attempt { Dir.rmdir("made") }
    attempt { Dir.rmdir("file") }
    attempt { Dir.rmdir("no_such") }
    attempt { Dir.rmdir("made/sub") }
    attempt { Dir.delete("private") }
    attempt { Dir.unlink("private") }
    Dir.children("made").each { |name| File.delete("made/#{name}") }
    attempt { Dir.unlink("made") }
    attempt { Dir.children(".") }

    home = ENV["HOME"]
    ENV["HOME"] = "/home/spec"
    attempt { Dir.home }
    attempt { Dir.home(nil) }
    attempt { Dir.home("no_such_user_rhizome") }
    ENV["HOME"] = home
  end
ensure
  Dir.children(root).each { |name| File.delete(File.join(root, name)) }
  Dir.rmdir(root)
end
p Dir.exist?(root)
