# Core methods bound at a send in compiled code: String#[] of Ranges of
# Integers runs without a frame, others (Float ends, a Regexp) take one;
# Proc#call runs a compiled block as yield does, with MRI's backtraces and
# errors.
# spec: skip-mode gc-stress 0.7 s under --gc-stress in a release build, 17 s in the debug build cargo test runs

def piece(s, range) = s[range]
def pieces(s, n) = [s[n..], s[...n], s[n, 2], s["b"], s[n]]

class Task
  def initialize(&work) = (@work = work)
  def run(a, b) = @work.call(a, b)
end

def make_tasks
  [
    Task.new { |a, b| a + b },
    Task.new { |a, b| [a, b] },
    Task.new { |a, *rest| rest.size + a },
    Task.new(&lambda { |a, b| a * b }),
  ]
end

def run_all(tasks, i) = tasks.map { |t| t.run(i, 2) }

tasks = make_tasks
total = 0
1200.times do |i|
  total += piece("abcdef", 1..3).size + piece("abcdef", (i % 8)..).to_s.size
  total += pieces("abcdef", i % 4).compact.size
  total += run_all(tasks, i).flatten.sum
end
p total
p piece("abcdef", 2..), piece("abcdef", 9..), piece("abcdef", -3..-2), piece("héllo", 1...3)
p piece("abcdef", 1.2..3.9), piece("abcdef", /c./), pieces("xbyz", 2)
begin
  piece("abc", "a".."b")
rescue TypeError => e
  p e.message
end
p run_all(tasks, 5)
p Task.new { |a, b| [a, b] }.run([1, 2], nil)
p Task.new { |a, b| next a * 3; b }.run(4, 0)
boom = Task.new { |a, _| raise ArgumentError, "bad #{a}" }
begin
  boom.run(7, 0)
rescue ArgumentError => e
  p e.message
  puts e.backtrace.first(3).map { |l| l.sub(/\A.*\//, "") }
end
begin
  Task.new(&lambda { |a| a }).run(1, 2)
rescue ArgumentError => e
  p e.message
end
def returns_from_proc = Task.new { |a, _| return a }
begin
  returns_from_proc.run(1, 2)
rescue LocalJumpError => e
  p e.message
end
