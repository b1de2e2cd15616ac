# Dir.glob and Dir[]: *, **, ?, [...], {a,b}, escapes, dot files, base:,
# sort:, flags, Arrays of patterns and the block form; results in MRI 3.1's
# order (each directory read sorted, patterns and braces in turn).
root = "/tmp/rhizome_spec_glob_#{$$}"

def remove_tree(path)
  if File.directory?(path)
    Dir.children(path).each { |name| remove_tree(File.join(path, name)) }
    Dir.rmdir(path)
  else
    File.delete(path)
  end
end

def attempt
  p yield
rescue SystemCallError, ArgumentError, TypeError => e
  p [e.class, e.message]
end

Dir.mkdir(root)
begin
  Dir.chdir(root) do
    ["a", "a/b", "a/b/c", "x", ".hid", "e", "e/.in"].each { |dir| Dir.mkdir(dir) }
    files = ["a/1.rb", "a/2.txt", "a/.d.rb", "a/b/3.rb", "a/b/c/4.rb", "x/y.rb", ".hid/z.rb", ".dot.rb",
             "top.rb", "Top.RB", "b10", "b2", "sp ace", "star*", "e/.in/deep.rb"]
    files.each { |file| File.write(file, "") }

    attempt { Dir.glob("*") }
    attempt { Dir.glob("**/*.rb") }
    attempt { Dir.glob("**/") }
    attempt { Dir.glob("*/") }
    attempt { Dir.glob("**") }
    attempt { Dir.glob("**/*", File::FNM_DOTMATCH) }
    attempt { Dir.glob("*", File::FNM_DOTMATCH) }
    attempt { Dir.glob(".*") }
    attempt { Dir.glob("**/.*") }
    attempt { Dir.glob("a/.*") }
    attempt { Dir.glob("a/**/*", File::FNM_DOTMATCH) }
    attempt { Dir.glob("a/**/*.rb") }
    attempt { Dir.glob("a/**/c") }
    attempt { Dir.glob("**/c/*") }
    attempt { Dir.glob("**/b") }
    attempt { Dir.glob("a/**/b/**/*.rb") }
    attempt { Dir.glob("**/**/*.rb") }
    attempt { Dir.glob("**/*/*.rb") }
    attempt { Dir.glob("a/*/") }
    attempt { Dir.glob("a/**/") }
    attempt { Dir.glob("**/.in/*") }
    attempt { Dir.glob("**/.in/*", File::FNM_DOTMATCH) }

    attempt { Dir.glob("?op.rb") }
    attempt { Dir.glob("[tT]op.*") }
    attempt { [Dir.glob("[^t]*"), Dir.glob("[!t]*"), Dir.glob("[a-c]*")] }
    attempt { [Dir.glob("a/[z-a]*"), Dir.glob("a/[1-]*"), Dir.glob("a/[]1]*"), Dir.glob("a/[!]*")] }
    attempt { [Dir.glob("*[0-9]"), Dir.glob("a/*.*"), Dir.glob("a/*b"), Dir.glob("a/*r*b")] }
    attempt { [Dir.glob("star\\*"), Dir.glob("a\\/1.rb"), Dir.glob("a/\\1.rb"), Dir.glob("a/[\\1].rb")] }
    attempt { Dir.glob("a\\/1.rb", File::FNM_NOESCAPE) }
    attempt { [Dir.glob("sp ace"), Dir.glob("sp*"), Dir.glob("b*")] }

    attempt { Dir.glob("{a,x}/*") }
    attempt { Dir.glob("{x,a}/*") }
    attempt { Dir.glob("{a,x,nope}") }
    attempt { Dir.glob("a{,/b}") }
    attempt { Dir.glob("a/{1,2}.*") }
    attempt { Dir.glob("{top,a/1}.rb") }
    attempt { Dir.glob("**/*.{rb,txt}") }
    attempt { Dir.glob("**/{b,c}") }
    attempt { Dir.glob("**/{b,c}/*") }
    attempt { Dir.glob("{**/b,x}") }
    attempt { Dir.glob("{a,x}{/,}") }
    attempt { Dir.glob("a/{b/c,b}") }
    attempt { Dir.glob("*.{RB,rb}") }
    attempt { Dir.glob("a/*{.rb,.txt}") }
    attempt { [Dir.glob("["), Dir.glob("a["), Dir.glob("{a"), Dir.glob("a}"), Dir.glob("[]")] }

    attempt { [Dir.glob("nope"), Dir.glob("top.rb"), Dir.glob("TOP.rb"), Dir.glob("t*.RB", File::FNM_CASEFOLD)] }
    attempt { [Dir.glob("a//1.rb"), Dir.glob("./a/*"), Dir.glob("a/./1.rb"), Dir.glob("a/../x/*")] }
    attempt { [Dir.glob("a/"), Dir.glob("a//"), Dir.glob("./"), Dir.glob("."), Dir.glob(".."), Dir.glob("*/..")] }
    attempt { [Dir.glob("a/b/c/4.rb/"), Dir.glob("a/b/c/"), Dir.glob("")] }

    attempt { Dir.glob("*.rb", base: "a") }
    attempt { Dir.glob("**/*.rb", base: "a") }
    attempt { Dir.glob("**/", base: "a") }
    attempt { [Dir.glob("", base: "a"), Dir.glob("b", base: "a"), Dir.glob("a/b", base: "a"), Dir.glob("b/", base: "a")] }
    attempt { Dir.glob("*", base: "nope") }
    attempt { Dir.glob("*", base: "") == Dir.glob("*") }
    attempt { Dir.glob("*", base: nil) == Dir.glob("*") }
    attempt { Dir.glob("*", base: 3) }
    attempt { Dir.glob(["*"], 0, base: "a") }
    attempt { Dir.glob("*", sort: false).sort == Dir.glob("*") }
    attempt { Dir.glob("**/*", sort: false).sort == Dir.glob("**/*").sort }
    attempt { Dir.glob("*", sort: nil) }
    attempt { [Dir.glob("*", 1.0) == Dir.glob("*"), Dir.glob("x/*", flags: 0)] }
    attempt { Dir.glob("*", nil) }
    attempt { Dir.glob("*", "x") }
    attempt { Dir.glob("*", foo: 1) }

    attempt { Dir.glob(["a/*", "x/*"]) }
    attempt { Dir.glob(["x/*", "a/*", "x/*"]) }
    attempt { Dir.glob([]) }
    attempt { Dir.glob(["a/*", 3]) }
    seen = []
    attempt { Dir.glob("a/*") { |path| seen << path.upcase } }
    p seen
    attempt { Dir.glob("a/*") { |path| break path } }
    attempt { [Dir["a/*"], Dir["a/*", "x/*"], Dir["*.rb", base: "a"], Dir[], Dir["x/*", sort: true]] }
    attempt { Dir["x/*", 0] }
    attempt { Dir.glob("a\0b") }
    attempt { Dir.glob(nil) }
    attempt { Dir.glob(3) }
    attempt { Dir.glob }

    absolute = Dir.glob(File.join(Dir.pwd, "a", "*.rb"))
    p absolute.map { |path| path.delete_prefix(Dir.pwd) }
  end
ensure
  remove_tree(root)
end
