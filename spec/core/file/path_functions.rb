# File's path functions work on strings and never touch the disk.
p File.basename("/a/b/c.rb"), File.basename("/a/b/c.rb", ".rb"), File.basename("/a/b/c.rb", ".*")
p File.basename("/"), File.basename("a/b/"), File.basename(""), File.basename("c.rb", "c.rb"), File.basename(".profile", ".*")
p File.dirname("/a/b/c.rb"), File.dirname("c.rb"), File.dirname("/"), File.dirname("a/b/"), File.dirname("//a"), File.dirname("")
p File.extname("a.rb"), File.extname("a"), File.extname(".bashrc"), File.extname("a.tar.gz"), File.extname("/x.y/z"), File.extname("dir/.x.rb")
p File.join("a", "b"), File.join("a/", "/b"), File.join("a", ["b", ["c"]]), File.join, File.join("", "x"), File.join("a//", "b")
p File.split("/usr/lib/ruby.rb"), File.split("file")
p File.expand_path("x", "/tmp"), File.expand_path("../x", "/tmp/y"), File.expand_path("/a/./b/../c"), File.expand_path("/..")
p File.expand_path("~") == ENV["HOME"], File.expand_path(".") == Dir.pwd
p File.absolute_path?("/x"), File.absolute_path?("x")
p File::SEPARATOR
