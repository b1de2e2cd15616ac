# File's path functions on their edge cases, File.fnmatch, and conversions
# of path arguments (to_path, to_str, NUL bytes).
def attempt
  p yield
rescue ArgumentError, TypeError => e
  p [e.class, e.message]
end

attempt { File.join("a", ["b", ["c", "d"]], "e") }
attempt { [File.join("/", "a"), File.join("a", ""), File.join("", ""), File.join("", "", "a")] }
attempt { [File.join("/", "/", "/"), File.join("a/", "/b/", "/c"), File.join("a//", "//b"), File.join("a//", "b")] }
attempt { [File.join([]), File.join(["a"], []), File.join("a", [], "b"), File.join] }
attempt { File.join("a", nil) }
attempt { File.join(:a) }
attempt { File.join("a\0b") }
recursive = ["x"]
recursive << recursive
attempt { File.join(recursive) }
attempt { File.join("a", "b".freeze).frozen? }

attempt { ["a/b.rb", "a/.rb", ".rb", "a.b.c", "a.", "a..", "...", "a/b//", "//", "///a///", ".."].map { |path| File.basename(path, ".*") } }
attempt { [File.basename("a/b.rb", "b.rb"), File.basename("a/b.rb", "rb"), File.basename("a/b.rb", ".r*"), File.basename("abcb", "b*")] }
attempt { [File.basename("x.a.rb", "a.rb"), File.basename("x.tar.gz", ".tar.gz"), File.basename("a.rb", ""), File.basename("", ".rb")] }
attempt { File.basename("a.rb", nil) }
attempt { File.basename("a\0b") }
attempt { File.basename }

attempt { [File.dirname("a/b/c", 2), File.dirname("/a/b/c", 5), File.dirname("a/b/c", 0), File.dirname("a/b/c/", 2)] }
attempt { ["a//b//c", "//a//b//", "///", "a", ".", "..", "/a", "~/x", "", "a/b/"].map { |path| File.dirname(path) } }
attempt { File.dirname("a/b", -1) }
attempt { File.dirname("a/b", "1") }

attempt { ["a.rb", ".a.rb", "..rb", "a..rb", "a.", "a.rb.", ".", "..", "...", "a/", "a.rb/", "a.rb//", "foo.rb ", "...rb", ".a.", "", "a b.r b", "x.y/z"].map { |path| File.extname(path) } }

attempt { ["/", "a/", "", "//a//b//", "a/b.rb"].map { |path| File.split(path) } }

ENV["HOME"] = "/home/spec"
attempt { [File.expand_path("~"), File.expand_path("~/a/../b"), File.expand_path("a", "~"), File.expand_path("~", "/x")] }
attempt { [File.expand_path("a", "/x/y/"), File.expand_path("", "/x/y"), File.expand_path(".", "/x/y"), File.expand_path("..", "/")] }
attempt { [File.expand_path("//a//b/"), File.expand_path("///a"), File.expand_path("///a/.."), File.expand_path("//"), File.expand_path("/")] }
attempt { [File.expand_path("/a/b/.."), File.expand_path("a/...", "/x"), File.expand_path("a/./././b/.", "/x"), File.expand_path("/..a/..b")] }
attempt { [File.expand_path("../../..", "/a"), File.expand_path("a/..", "//x"), File.expand_path("x~/a", "/b"), File.expand_path("a", "b") == File.join(Dir.pwd, "b", "a")] }
attempt { File.expand_path("a", nil) == File.join(Dir.pwd, "a") }
attempt { File.expand_path("~no_such_user_rhizome/x") }
attempt { File.expand_path(nil) }
attempt { File.expand_path("a", 3) }
attempt { File.expand_path("a\0") }
ENV["HOME"] = "relative/home"
attempt { File.expand_path("~") }
ENV["HOME"] = "/h//"
attempt { [File.expand_path("~"), File.expand_path("~/x")] }
ENV["HOME"] = "/h/../k"
attempt { File.expand_path("~/y") }
ENV["HOME"] = "/home/spec"
attempt { [File.absolute_path("~", "/d"), File.absolute_path("/a/../b"), File.absolute_path("x", "~") == File.join(Dir.pwd, "~/x")] }
attempt { [File.absolute_path?("/x"), File.absolute_path?("~"), File.absolute_path?("x/y")] }

attempt { [File.fnmatch("c?t", "cat"), File.fnmatch("c??t", "cat"), File.fnmatch("c*t", "c/a/b/t"), File.fnmatch("ca[a-z]", "cat")] }
attempt { [File.fnmatch("ca[^t]", "cat"), File.fnmatch("ca[!t]", "cab"), File.fnmatch("[z-a]", "a"), File.fnmatch("[]", "]")] }
attempt { [File.fnmatch("*", ".profile"), File.fnmatch("*", ".profile", File::FNM_DOTMATCH), File.fnmatch(".*", ".profile")] }
attempt { [File.fnmatch("cat", "CAT"), File.fnmatch("cat", "CAT", File::FNM_CASEFOLD), File.fnmatch("[a-c]at", "BAT", File::FNM_CASEFOLD)] }
attempt { [File.fnmatch("*", "a/b"), File.fnmatch("*", "a/b", File::FNM_PATHNAME), File.fnmatch("?", "/", File::FNM_PATHNAME)] }
attempt { [File.fnmatch("\\?", "?"), File.fnmatch("\\a", "a"), File.fnmatch("\\a", "\\a", File::FNM_NOESCAPE), File.fnmatch("[\\?]", "?")] }
attempt { [File.fnmatch("**/foo", "a/b/c/foo", File::FNM_PATHNAME), File.fnmatch("**/foo", "/a/b/c/foo", File::FNM_PATHNAME), File.fnmatch("**/foo", "a/.b/c/foo", File::FNM_PATHNAME)] }
attempt { [File.fnmatch("**/foo", "a/.b/c/foo", File::FNM_PATHNAME | File::FNM_DOTMATCH), File.fnmatch("**.rb", "main.rb"), File.fnmatch("**.rb", "./main.rb"), File.fnmatch("**.rb", "lib/song.rb")] }
attempt { [File.fnmatch("c{at,ub}s", "cats"), File.fnmatch("c{at,ub}s", "cubs", File::FNM_EXTGLOB), File.fnmatch("{a,{b,c}}", "c", File::FNM_EXTGLOB)] }
attempt { [File.fnmatch?("é*", "éa"), File.fnmatch("?", "é"), File.fnmatch("[é]", "é"), File.fnmatch("[a-é]", "b")] }
attempt { File.fnmatch(:a, "a") }
attempt { File.fnmatch("a") }

path = Object.new
def path.to_path
  "from/to_path.rb"
end
attempt { [File.basename(path), File.dirname(path), File.extname(path), File.join(path, "x"), File.path(path)] }
str = Object.new
def str.to_str
  "from/to_str.txt"
end
attempt { [File.basename(str), File.split(str)] }
attempt { File.path(:x) }
attempt { File.basename(3) }
attempt { File.exist?("a\0b") }
